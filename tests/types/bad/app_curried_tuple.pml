fun add x y = x + y : int
val result = add (1, 2)
