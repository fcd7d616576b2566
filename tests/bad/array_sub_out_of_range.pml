val a = Array.array (2, 0)
val result = Array.sub (a, 2)
