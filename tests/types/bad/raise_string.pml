fun f x = if x then raise "bad" else 0
val result = 0
