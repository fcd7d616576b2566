val x = 1
