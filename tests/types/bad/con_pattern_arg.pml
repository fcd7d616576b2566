datatype t = A of int | B
fun f (A "s") = 1
  | f _ = 0
val result = 0
