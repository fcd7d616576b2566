val result = not 3
