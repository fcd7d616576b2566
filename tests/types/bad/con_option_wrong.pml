val result = SOME 1 :: [NONE, SOME "x"]
