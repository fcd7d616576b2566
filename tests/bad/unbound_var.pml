val x = 1
val result = x + y
