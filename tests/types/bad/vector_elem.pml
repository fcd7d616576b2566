val v = Vector.fromList [1, 2]
val result = Vector.sub (v, 0) ^ "a"
