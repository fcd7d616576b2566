type 'a pair = 'a * 'a
fun swap ((a, b) : int pair) = (b, a)
val result = swap (1, 2)
