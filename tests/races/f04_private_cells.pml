(* Each branch makes and uses its own cell.
   race: none *)
val result = {let val c = ref 0 in c := 1; !c end, let val d = ref 0 in d := 2; !d end}
