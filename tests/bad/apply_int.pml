val x = 1
val result = x 2
