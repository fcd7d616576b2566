(* Vector operations: tabulate, sub, length, foldl, map, update, fromList *)
val v = Vector.tabulate (8, fn i => i * i)
val w = Vector.map (fn x => x + 1) v
fun vsum v = Vector.foldl op+ 0 v
fun vmax v = Vector.foldl Int.max (sub (v, 0)) v
fun reverse v = Vector.tabulate (Vector.length v, fn i => Vector.sub (v, Vector.length v - 1 - i))
val u = Vector.update (v, 3, ~1)
val result = (v, Vector.length v, Vector.sub (v, 5), vsum v, vmax w, reverse v, u, v,
              Vector.foldr op:: [] w, Vector.fromList [#"a", #"b"], Vector.exists (fn x => x = 49) v,
              Vector.all (fn x => x >= 0) u)
