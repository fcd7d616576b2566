fun loop n = loop (n + 1)
val result = loop 0
