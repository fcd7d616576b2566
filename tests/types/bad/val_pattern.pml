val [a, b] = (1, 2)
val result = a
