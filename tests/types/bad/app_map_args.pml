val result = map [1, 2] (fn x => x)
