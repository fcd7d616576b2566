val result = #3 (1, 2)
