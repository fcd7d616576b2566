val result = ([1, 2] : string list)
