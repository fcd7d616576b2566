(* Vectors and arrays with indices: appi, mapi, foldli, findi, copyVec
 * and copy, as array exercises use them. *)
val v = Vector.fromList [3, 1, 4, 1, 5, 9, 2, 6]
val scaled = Vector.mapi (fn (i, x) => i * x) v
val weighted = Vector.foldli (fn (i, x, acc) => acc + i * x) 0 v
val lastFirst = Vector.foldri (fn (i, x, acc) => (i, x) :: acc) [] (Vector.fromList [7, 8])
val _ = Vector.appi (fn (i, x) => if x > 4 then print (Int.toString i ^ ":" ^ Int.toString x ^ " ") else ()) v
val _ = print "\n"
val firstBig = Vector.findi (fn (_, x) => x > 4) v
val none = Vector.find (fn x => x > 100) v

val a = Array.array (6, 0)
val _ = Array.copyVec {src = Vector.fromList [1, 2, 3], dst = a, di = 2}
val _ = Array.copy {src = Array.fromList [7, 7], dst = a, di = 4}
val found = Array.findi (fn (i, x) => x = 2 andalso i > 2) a
val oops = (Array.copyVec {src = v, dst = a, di = 0}; "copied") handle Subscript => "subscript"
val result = (scaled, weighted, lastFirst, firstBig, none, a, found, oops, Array.find (fn x => x > 2) a)
