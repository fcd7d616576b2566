val result = (Int.compare (1, 2), String.compare ("b", "a"), Real.compare (1.0, 1.0))
