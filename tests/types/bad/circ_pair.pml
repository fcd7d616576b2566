fun f x = (x, f x) = f x
val result = 0
