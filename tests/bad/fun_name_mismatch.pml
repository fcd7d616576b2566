fun f 0 = 1
  | g n = n
