fun f x = f
val result = 0
