val x : = 1
