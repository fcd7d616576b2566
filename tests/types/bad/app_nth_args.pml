val result = List.nth (0, [1, 2])
