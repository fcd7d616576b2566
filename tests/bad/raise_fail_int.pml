val r = raise Fail 42
