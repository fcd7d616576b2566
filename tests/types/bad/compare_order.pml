val result = Int.compare (1, 2) = 0
