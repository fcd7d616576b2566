(* Element 0 is written on both sides, element 1 on one side only.
   race: Array.update (a, 0, 1) | Array.update (a, 0, 5) *)
val a = Array.array (2, 0)
val result = {Array.update (a, 0, 1), (Array.update (a, 1, 1); Array.update (a, 0, 5))}
