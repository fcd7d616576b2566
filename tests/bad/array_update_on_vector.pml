val v = fromList [1, 2]
val result = Array.update (v, 0, 5)
