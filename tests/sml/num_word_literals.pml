(* Word constants in decimal and hexadecimal, printed as SML/NJ prints them. *)
val a = 0w0
val b = 0w255
val c = 0wx1F
val d = 0wxabc
val result = [a, b, c, d, 0w10 + 0wx10]
