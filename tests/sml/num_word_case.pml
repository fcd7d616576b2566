(* Word constants as patterns. *)
fun name 0w0 = "zero"
  | name 0w1 = "one"
  | name 0wxFF = "byte"
  | name _ = "other"
val result = map name [0w0, 0w1, 0w255, 0w7]
