(* Vectors are immutable: reading one in parallel is never a race.
   race: none *)
val v = tabulate (fn i => i * i, 8)
val result = {sub (v, 3), reduce op+ 0 v}
