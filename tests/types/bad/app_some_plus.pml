val result = SOME 1 + 2
