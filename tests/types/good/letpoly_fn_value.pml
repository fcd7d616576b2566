val swap = fn (a, b) => (b, a)
val result = (swap (1, "a"), swap (true, 2))
