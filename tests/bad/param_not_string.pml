val result = param (1, 2)
