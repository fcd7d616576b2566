(* Three writes, each parallel to the others: every pair is reported,
   not only one race per cell.
   race: r := 1 | r := 2
   race: r := 1 | r := 3
   race: r := 2 | r := 3 *)
val r = ref 0
val result = {r := 1, {r := 2, r := 3}}
