val a = Array.array (3, 0)
val _ = Array.update (a, 0, "s")
val result = 0
