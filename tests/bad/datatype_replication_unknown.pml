datatype t = A | B
datatype u = datatype nope
val result = A
