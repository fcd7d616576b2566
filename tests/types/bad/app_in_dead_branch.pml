val result = if true then 1 else 2 + "x"
