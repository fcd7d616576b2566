val result = 1 handle 0 => 1
