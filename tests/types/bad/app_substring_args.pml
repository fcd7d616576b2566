val result = String.substring ("abc", "1", 2)
