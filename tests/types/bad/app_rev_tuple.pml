val result = rev (1, 2)
