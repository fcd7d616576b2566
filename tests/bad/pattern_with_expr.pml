val (1 + x) = 3
