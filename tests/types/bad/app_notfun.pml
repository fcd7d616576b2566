val x = 3
val result = x 4
