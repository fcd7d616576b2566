val result = let val f = fn (a, b) => a - b in f (3.0, 1.0) end
