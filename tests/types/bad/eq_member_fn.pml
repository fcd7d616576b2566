fun member (x, []) = false
  | member (x, y :: ys) = x = y orelse member (x, ys)
val result = member (fn x => x, [])
