val result = map (fn x => x + 1) ["a"]
