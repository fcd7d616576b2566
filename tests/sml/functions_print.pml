(* Functions print as fn, also inside data. *)
fun id x = x
val result = (id, [id], SOME (fn x => x + 1), (1, op +))
