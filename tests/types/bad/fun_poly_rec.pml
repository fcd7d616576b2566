fun f x = (f 1; f "a"; x)
val result = 0
