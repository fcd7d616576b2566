val r = 1 + true
