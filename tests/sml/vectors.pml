(* The vector primitives: vector, sub, length, append, update, fromList, toList. *)
val v = fromList [10, 20, 30]
val w = append (v, vector (2, 7))
val u = update (w, 0, ~1)
val result = (w, u, v, sub (u, 4), length w, length (vector (0, 1)),
              toList u, fromList [[1], [2, 3]], fromList ["a"])
