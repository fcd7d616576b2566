val result = let fun id x = x in (id 1, id "a", id true) end
