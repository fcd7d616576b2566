fun f {x} = x
val result = f {x = 1, y = 2}
