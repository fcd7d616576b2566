val v = vector (3, 0)
val result = sub (v, ~1)
