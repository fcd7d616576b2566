(* Two branches write one array element.
   race: Array.update (a, 2, 1) | Array.update (a, 2, 7) *)
val a = Array.array (4, 0)
val result = {Array.update (a, 2, 1), Array.update (a, 2, 7)}
