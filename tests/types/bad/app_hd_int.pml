val result = hd 1
