fun f (x, y) = x + y
val result = f (1, 2, 3)
