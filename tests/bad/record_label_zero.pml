val r = {0 = 1}
