(* A write, then reads on both sides of a pair: read/read is no race.
   race: none *)
val r = ref 0
val result = (r := 1; {!r, !r + 1})
