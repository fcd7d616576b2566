val result = [[1], [2.0]]
