fun f (x : 'a) : 'a = x ^ "s"
val result = 0
