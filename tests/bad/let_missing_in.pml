val x = let val y = 1 y end
