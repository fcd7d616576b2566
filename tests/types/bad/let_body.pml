val result = let val x = 1 in x ^ "a" end
