val result = let val id = fn x => x in (id 1, id "a") end
