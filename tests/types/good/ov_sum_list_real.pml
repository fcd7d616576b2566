fun sum [] = 0.0
  | sum (x :: xs) = x + sum xs
val result = sum [1.0, 2.5]
