val a = Array.array (3, 0)
val _ = Array.update (a, 1, 5)
val result = (Array.sub (a, 1), Array.length a)
