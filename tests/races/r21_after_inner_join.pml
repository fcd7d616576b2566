(* A write after an inner join is still parallel to the outer right
   branch.
   race: r := 1 | !r *)
val r = ref 0
val result = {({1, 2}; r := 1), !r}
