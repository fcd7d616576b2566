(* café *)
val x = 1
