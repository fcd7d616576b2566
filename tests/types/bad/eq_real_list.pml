val result = [1.0] = [2.0]
