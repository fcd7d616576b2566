fun f (x : 'a, y : 'a) = x = y
val result = 0
