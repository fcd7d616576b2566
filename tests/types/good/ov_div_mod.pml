val result = (17 div 5, 17 mod 5, ~17 div 5, ~17 mod 5)
