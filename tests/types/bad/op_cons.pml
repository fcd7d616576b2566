val result = op:: (1, 2)
