val result = (ord #"A", chr 66, Char.toUpper #"c")
