fun double x = x + x
val result = double 21
