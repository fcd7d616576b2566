val result = (floor 2.7, real 3 + 0.5, round 2.5, trunc ~2.7)
