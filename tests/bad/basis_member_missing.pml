val xs = [3, 1, 2]
val result = List.foldli (fn (i, x, a) => a + i * x) 0 xs
