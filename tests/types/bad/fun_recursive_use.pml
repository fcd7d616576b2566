fun f 0 = 0
  | f n = f "x"
val result = 0
