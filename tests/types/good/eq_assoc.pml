fun lookup (k, []) = NONE
  | lookup (k, (k2, v) :: r) = if k = k2 then SOME v else lookup (k, r)
val result = (lookup ("b", [("a", 1), ("b", 2)]), lookup (3, [(3, 4.5)]))
