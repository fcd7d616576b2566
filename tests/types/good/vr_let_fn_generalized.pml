val result = let val f = fn x => [x] in (f 1, f "a") end
