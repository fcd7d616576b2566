(* Every element of a parallel tabulate has its own cell.
   race: none *)
val result = tabulate (fn i => let val c = ref i in c := !c + 1; !c end, 8)
