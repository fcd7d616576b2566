(* A write and a read of one array element.
   race: Array.update (a, 1, 9) | Array.sub (a, 1) *)
val a = Array.array (4, 0)
val result = {Array.update (a, 1, 9), Array.sub (a, 1)}
