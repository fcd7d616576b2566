val r = floor (0.0 / 0.0)
