val result = abs true
