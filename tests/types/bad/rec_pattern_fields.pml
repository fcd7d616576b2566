fun f {x, y} = x + y
val result = f {x = 1}
