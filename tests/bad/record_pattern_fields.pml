fun f {a, b} = a
val x = f {a = 1}
