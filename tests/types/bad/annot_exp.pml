val result = (1 : string)
