val result = [1, "two", 3]
