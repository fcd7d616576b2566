val result = vector (100000000000, 0)
