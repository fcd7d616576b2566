(* Reads on both sides.
   race: none *)
val r = ref 7
val result = {!r, !r}
