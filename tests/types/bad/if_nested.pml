val result = if true then (if false then 1 else 2) else 2.0
