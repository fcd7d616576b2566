val result = chr #"a"
