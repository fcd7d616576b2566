fun f (x : 'a, y : 'b) : 'a = y
val result = 0
