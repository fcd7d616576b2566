val result = sqrt 4
