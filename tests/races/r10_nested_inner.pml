(* The race is inside the left branch's own pair.
   race: r := 1 | !r *)
val r = ref 0
val result = {{r := 1, !r}, 0}
