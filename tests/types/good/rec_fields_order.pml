val result = {b = 2, a = 1} = {a = 1, b = 2}
