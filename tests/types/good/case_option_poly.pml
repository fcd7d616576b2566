fun getOr (SOME x, _) = x
  | getOr (NONE, d) = d
val result = (getOr (SOME 1, 0), getOr (NONE, "d"))
