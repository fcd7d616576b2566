val result = if LESS then 1 else 0
