fun f n =
  if n = 0 then 1 else n * g (n - 1)
val result = f 3
