datatype t = A of int | B
val result = [A, B]
