signature A = sig include B end
val result = 1
