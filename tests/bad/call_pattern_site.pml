fun f (x, y) = x
val r = f 3
