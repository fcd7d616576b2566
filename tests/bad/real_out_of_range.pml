val x = 1.0e400
