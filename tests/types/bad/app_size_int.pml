val result = size 3
