fun f n = 1 + f (n + 1)
val result = f 0
