fun f (x : real) = x + 1
val result = 0
