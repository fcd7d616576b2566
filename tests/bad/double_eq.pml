val x = = 1
