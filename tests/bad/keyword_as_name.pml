val end = 1
