(* The left branch reads, the right writes.
   race: !r | r := 5 *)
val r = ref 0
val result = {!r, r := 5}
