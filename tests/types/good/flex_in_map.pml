val result = map #1 [(1, "a"), (2, "b")]
