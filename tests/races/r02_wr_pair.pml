(* The left branch writes, the right reads.
   race: r := 1 | !r *)
val r = ref 0
val result = {r := 1, !r + 0}
