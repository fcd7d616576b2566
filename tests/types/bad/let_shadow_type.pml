val result = let val x = 1 val x = "s" in x + 1 end
