datatype t = A of int | B
val result = B 1
