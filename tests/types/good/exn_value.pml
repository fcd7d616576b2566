val e = Fail "boom"
val result = (raise e) handle Fail s => s
