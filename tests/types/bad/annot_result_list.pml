fun f (x : int) : int list = x
val result = 0
