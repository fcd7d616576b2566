val result = Fail "a" = Fail "a"
