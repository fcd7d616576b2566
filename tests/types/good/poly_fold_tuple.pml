val result = foldl (fn ((k, v), acc) => k + v + acc) 0 [(1, 2), (3, 4)]
