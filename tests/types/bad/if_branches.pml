val result = if 1 < 2 then 1 else "s"
