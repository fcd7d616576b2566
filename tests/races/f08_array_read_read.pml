(* Both branches read one element.
   race: none *)
val a = Array.array (2, 3)
val result = {Array.sub (a, 0), Array.sub (a, 0)}
