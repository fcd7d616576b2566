(* Array.modify before the pair, reads inside it.
   race: none *)
val a = Array.array (2, 1)
val result = (Array.modify (fn x => x * 3) a; {Array.sub (a, 0), Array.sub (a, 1)})
