fun add (x, y) = x + y
val result = add (1.5, 2.5)
