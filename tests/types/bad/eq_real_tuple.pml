fun same (a, b) = a = b
val result = same (1.0, 2.0)
