val x 1
