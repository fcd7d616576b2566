datatype t = A of int
val x = A 1
datatype t = B of string
val y = B "s"
val result = (case x of A n => n, case y of B s => s)
