val x = 1
val y = x . 2
