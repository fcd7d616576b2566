val result = 7 mod 0
