val result = let val (a, b) = (1, "s") in a + b end
