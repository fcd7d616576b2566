val p : {x : int, y : int} = {x = 1, y = "a"}
val result = 0
