val result = floor 2
