val result = 1 :: 2
