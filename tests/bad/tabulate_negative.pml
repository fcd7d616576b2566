val v = tabulate (fn i => i, ~5)
