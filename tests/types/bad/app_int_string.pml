val result = 1 + "a"
