val result = foldl (op +) "" [1, 2]
