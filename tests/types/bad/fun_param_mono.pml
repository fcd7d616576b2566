fun pair f = (f 1, f true)
val result = 0
