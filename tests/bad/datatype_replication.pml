datatype t = A | B
datatype u = datatype t
val result = A
