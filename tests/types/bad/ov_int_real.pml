val result = 1 + 1.0
