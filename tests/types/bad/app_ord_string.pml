val result = ord "a"
