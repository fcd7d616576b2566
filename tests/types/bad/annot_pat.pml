fun f (x : string) = x + 1
val result = 0
