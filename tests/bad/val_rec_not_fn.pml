val rec (f, g) = (fn x => x, fn y => y)
