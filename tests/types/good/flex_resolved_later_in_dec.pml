fun getx (r : {x : int, y : int}) = #x r
val result = getx {x = 1, y = 2}
