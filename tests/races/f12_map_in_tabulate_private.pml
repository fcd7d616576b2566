(* List.map inside a parallel tabulate, each element summing into a cell
   of its own.
   race: none *)
val result =
  tabulate (fn i => let val t = ref 0
                        val _ = List.map (fn x => (t := !t + x; x)) [i, i + 1]
                    in !t end, 4)
