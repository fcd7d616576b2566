(* Write and read inside one branch, in order.
   race: none *)
val r = ref 0
val result = {(r := 1; !r), 5}
