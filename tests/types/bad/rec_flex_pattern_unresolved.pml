fun f {x, ...} = x
val result = 0
