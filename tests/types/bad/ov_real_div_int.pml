val result = 3 / 2
