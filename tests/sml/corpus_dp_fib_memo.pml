(* Fibonacci four ways: naive, linear, by vectors (tabulation) and fast doubling *)
fun naive n = if n < 2 then n else naive (n - 1) + naive (n - 2)
fun linear n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, a + b) in go (n, 0, 1) end
fun table n =
  let fun fill (i, v) = if i > n then v else fill (i + 1, update (v, i, sub (v, i - 1) + sub (v, i - 2)))
  in sub (fill (2, update (vector (Int.max (n + 1, 2), 0), 1, 1)), n) end
fun doubling 0 = (0, 1)
  | doubling n =
      let val (a, b) = doubling (n div 2)
          val c = a * (2 * b - a)
          val d = a * a + b * b
      in if n mod 2 = 0 then (c, d) else (d, c + d) end

val ns = [0, 1, 2, 10, 20, 30, 40]
val result = (map naive [0, 1, 2, 10, 20], map linear ns, map table ns, map (fn n => #1 (doubling n)) ns)
