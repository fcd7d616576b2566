val a = 1 + 2
val b = 1.0 + 2.0
val result = (a, b)
