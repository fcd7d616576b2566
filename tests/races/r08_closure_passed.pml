(* The racing closure is passed to a function that runs it twice in
   parallel.
   race: c := !c * 2 | c := !c * 2
   race: !c | c := !c * 2 *)
fun twice f = {f (), f ()}
val c = ref 10
val result = twice (fn () => c := !c * 2)
