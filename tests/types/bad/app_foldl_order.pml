val result = foldl (fn (x, acc) => x :: acc) [] 5
