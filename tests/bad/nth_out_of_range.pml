val result = List.nth ([1, 2], 5)
