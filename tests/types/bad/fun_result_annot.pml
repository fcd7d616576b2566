fun f (x : int) : string = x + 1
val result = 0
