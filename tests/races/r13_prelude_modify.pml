(* Array.modify (in the prelude) writes every element while the other
   branch reads one: the race is reported at the user's call.
   race: Array.modify (fn x => x + 1) a | Array.sub (a, 0) *)
val a = Array.array (3, 1)
val result = {Array.modify (fn x => x + 1) a, Array.sub (a, 0)}
