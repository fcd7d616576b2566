fun member (x, []) = false
  | member (x, y :: ys) = x = y orelse member (x, ys)
val result = (member (2, [1, 2]), member ("z", ["a"]))
