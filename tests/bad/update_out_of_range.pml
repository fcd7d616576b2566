val v = vector (2, 0)
val result = update (v, 2, 1)
