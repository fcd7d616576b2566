datatype t = F of int -> int
val result = F (fn x => x) = F (fn x => x)
