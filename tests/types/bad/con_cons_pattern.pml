fun f (x :: xs) = x
  | f (x, y) = x
val result = 0
