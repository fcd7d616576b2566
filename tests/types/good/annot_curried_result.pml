fun add (x : int) (y : int) : int = x + y
val result = add 1 2
