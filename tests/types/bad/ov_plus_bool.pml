val result = true + false
