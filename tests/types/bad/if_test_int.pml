val result = if 1 then 2 else 3
