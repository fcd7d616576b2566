(* Curried functions defined by several clauses over several arguments. *)
fun power _ 0 = 1
  | power b e = if e mod 2 = 0 then power (b * b) (e div 2) else b * power b (e - 1)
fun zipWith f (x :: xs) (y :: ys) = f (x, y) :: zipWith f xs ys
  | zipWith _ _ _ = []
fun take 0 _ = []
  | take _ [] = []
  | take n (x :: xs) = x :: take (n - 1) xs
fun ackermann 0 n = n + 1
  | ackermann m 0 = ackermann (m - 1) 1
  | ackermann m n = ackermann (m - 1) (ackermann m (n - 1))
val result = (map (power 3) [0, 1, 2, 5, 10], zipWith (op * ) [1, 2, 3] [4, 5, 6, 7],
              take 3 [9, 8, 7, 6], take 5 [1], ackermann 2 3)
