val _ = print 42
val result = 0
