fun f (a, b) = a * b
val result =
  f
    (1,
     "two")
