fun f (SOME x) = x + 1
  | f NONE = "none"
val result = 0
