fun f 0 = 1
  | f "a" = 2
  | f _ = 3
val result = 0
