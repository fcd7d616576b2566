val result = raise Fail "boom"
