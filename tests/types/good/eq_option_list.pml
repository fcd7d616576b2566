val result = (SOME [1] = SOME [1], NONE = SOME 2)
