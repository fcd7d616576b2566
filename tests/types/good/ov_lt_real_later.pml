val result = let fun max2 (a, b) = if a > b then a else b in max2 (1.5, 2.5) end
