val (a, b) = (1, 2, 3)
val result = a
