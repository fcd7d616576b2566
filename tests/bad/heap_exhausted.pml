val n = 3000000
val v = vector (n, 0)
val result = length v
