val result = raise 3
