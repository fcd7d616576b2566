val result = 3.0 div 2.0
