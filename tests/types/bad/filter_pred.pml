val result = List.filter (fn x => x + 1) [1, 2]
