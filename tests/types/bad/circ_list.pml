fun f x = [x] = x
val result = 0
