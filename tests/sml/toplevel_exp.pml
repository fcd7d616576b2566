(* A top-level expression; the result is still the last val result. *)
val result = 1;
result + 1;
val result = (result, "second")
