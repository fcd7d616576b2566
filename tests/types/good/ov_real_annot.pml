fun add (x : real, y) = x + y
val result = add (1.5, 2.0)
