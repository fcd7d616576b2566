val result = let fun f x = x + x in f 2.5 end
