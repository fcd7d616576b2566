val v = Vector.fromList [1, 2, 3]
val w = Vector.fromList ["a"]
val result = (Vector.sub (v, 1), Vector.sub (w, 0), Vector.length v)
