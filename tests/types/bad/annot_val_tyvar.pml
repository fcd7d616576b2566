val 'a f = fn (x : 'a) => x ^ ""
val result = 0
