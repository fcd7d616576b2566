val t = (1, "two", 3.0)
val result = (#1 t, #2 t, #3 t)
