exception Found of int
fun find p [] = raise Fail "none"
  | find p (x :: xs) = if p x then raise Found x else find p xs
val result = (find (fn x => x > 2) [1, 2, 3, 4]) handle Found n => n
