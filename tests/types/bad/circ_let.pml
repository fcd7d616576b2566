val result = let fun loop x = loop in 0 end
