(* Array.vector reads every element, one of which the other branch writes.
   race: Array.update (a, 3, 9) | Array.vector a *)
val a = Array.array (4, 0)
val result = {Array.update (a, 3, 9), Array.vector a}
