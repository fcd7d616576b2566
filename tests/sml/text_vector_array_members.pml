(* Vector and Array members: appi, mapi, foldli, foldri, concat,
 * findi, Array.findi, copyVec, toList, fromVector, toVector. *)
val v = Vector.fromList [5, 1, 4, 2]
val acc = ref ([] : (int * int) list)
val _ = Vector.appi (fn (i, x) => acc := (i, x) :: !acc) v

val a = Array.array (6, 0)
val _ = Array.copyVec {src = v, dst = a, di = 1}
val fits = (Array.copyVec {src = v, dst = a, di = 3}; "copied") handle Subscript => "Subscript"

val result = (rev (!acc), Vector.mapi (fn (i, x) => i * x) v,
              Vector.foldli (fn (i, x, s) => s + i * x) 0 v,
              Vector.foldri (fn (i, x, l) => (i, x) :: l) [] v,
              Vector.concat [v, Vector.fromList [9]], Vector.findi (fn (_, x) => x < 3) v,
              Array.toList a, fits, Array.findi (fn (i, x) => x = 4) a,
              Vector.toList (Array.toVector (Array.fromVector v)),
              Vector.collate Int.compare (v, Vector.fromList [5, 2]))
