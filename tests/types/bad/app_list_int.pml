fun len [] = 0
  | len (_ :: xs) = 1 + len xs
val result = len 5
