fun same (x : ''a, y) = x = y
val result = (same (1, 1), same ("a", "b"))
