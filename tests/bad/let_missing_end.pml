val x = let val y = 1 in y
