val result = let fun size x = x + 1 in size 41 end
