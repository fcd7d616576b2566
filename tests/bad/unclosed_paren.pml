val x = (1 + 2
val y = 3
