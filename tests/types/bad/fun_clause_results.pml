fun f 0 = 1
  | f n = "many"
val result = f 2
