fun f (x, 0) = x
  | f (x, y) = y ^ x
val result = 0
