val result = let fun sq x = x * x in sq 7 end
