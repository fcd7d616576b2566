(* A write, then reads in nested pairs.
   race: none *)
val r = ref 0
val result = (r := 2; {!r, {!r * 2, !r * 3}})
