val result = explode #"a"
