datatype t = R of real
val result = R 1.0 = R 1.0
