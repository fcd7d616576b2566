(* The read before the pair precedes both writes; only the writes race.
   race: r := 1 | r := 2 *)
val r = ref 0
val x = !r
val result = ({r := 1, r := 2}; x)
