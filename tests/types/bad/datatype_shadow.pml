datatype t = A
val a = A
datatype t = A
val result = if true then a else A
