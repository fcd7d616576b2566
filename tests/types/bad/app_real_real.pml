val result = real 2.0
