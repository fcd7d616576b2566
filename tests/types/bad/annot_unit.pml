val result = (() : int)
