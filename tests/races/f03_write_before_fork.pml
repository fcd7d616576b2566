(* The write precedes the fork; the read follows the join.
   race: none *)
val r = ref 0
val result = (r := 1; {!r, 2}; !r + 3)
