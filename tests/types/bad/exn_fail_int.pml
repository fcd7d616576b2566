val result = raise Fail 3
