(* An array made by Array.tabulate (in the prelude): the fold reads every
   element, one of which the other branch writes.
   race: Array.update (a, 2, 0) | Array.foldl op+ 0 a *)
val a = Array.tabulate (4, fn i => i)
val result = {Array.update (a, 2, 0), Array.foldl op+ 0 a}
