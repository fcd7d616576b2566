val result = floor (1.0 / 0.0)
