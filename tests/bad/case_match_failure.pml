val result = case [1] of [] => 0
