val result = String.sub ("abc", 1) ^ "d"
