fun f n =
  if n > 0
  then n
  else "neg"
val result = f 1
