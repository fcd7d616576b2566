fun zip (x :: xs, y :: ys) = (x, y) :: zip (xs, ys)
  | zip _ = []
val result = (zip ([1, 2], ["a", "b"]), zip (["x"], [true]))
