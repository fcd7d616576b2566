fun f ({x, ...} : {x : int, y : string}) = x + 1
val result = f {x = 1, y = "a"}
