(* One function runs in both branches, each time on a cell of its own.
   race: none *)
fun work c = c := !c + 1
val c1 = ref 0
val c2 = ref 0
val result = ({work c1, work c2}; !c1 + !c2)
