val result = hd []
