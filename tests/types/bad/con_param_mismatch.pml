datatype ('a, 'b) pair = P of 'a * 'b
fun fst (P (a, _)) = a
val result = fst (P (1, 2)) ^ "x"
