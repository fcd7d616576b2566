val result = (ignore 3; ignore "a"; 5)
