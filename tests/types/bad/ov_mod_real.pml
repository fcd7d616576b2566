val result = 3.0 mod 2.0
