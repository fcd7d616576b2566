val f : int -> int = fn x => x ^ "a"
val result = 0
