(* List.map inside each element of a parallel tabulate, all adding to
   one total.
   race: total := !total + x | total := !total + x
   race: !total | total := !total + x *)
val total = ref 0
val result = tabulate (fn i => List.map (fn x => (total := !total + x; x)) [i, i + 1], 4)
