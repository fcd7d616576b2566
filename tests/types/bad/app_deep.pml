fun f x = x + 1
fun g y = f (f (f "s"))
val result = 0
