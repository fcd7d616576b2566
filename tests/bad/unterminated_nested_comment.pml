(* outer (* inner *) still open
val x = 1
