fun f (p as {x, ...}) = (x, #y p + 0, #z (p : {x : int, y : int, z : bool}))
val result = f {x = 1, y = 2, z = true}
