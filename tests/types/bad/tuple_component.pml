fun f (x, y) = x ^ y
val result = f ("a", 1)
