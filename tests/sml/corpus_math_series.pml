(* Numerical methods on reals: Newton's square root, the trapezium rule, series for e and pi *)
fun newton (x, guess, 0) = guess
  | newton (x, guess, k) = newton (x, (guess + x / guess) / 2.0, k - 1)

fun trapezium (f, a, b, n) =
  let val h = (b - a) / real n
      fun sum (i, acc) = if i >= n then acc else sum (i + 1, acc + f (a + real i * h))
  in h * ((f a + f b) / 2.0 + sum (1, 0.0)) end

fun eSeries n = let fun go (k, term, acc) = if k > n then acc else go (k + 1, term / real k, acc + term / real k)
                in go (1, 1.0, 1.0) end
fun leibniz n = 4.0 * foldl op+ 0.0 (List.tabulate (n, fn k => (if k mod 2 = 0 then 1.0 else ~1.0) / real (2 * k + 1)))

fun r3 x = real (round (x * 1000.0)) / 1000.0
val result = (r3 (newton (2.0, 1.0, 6)), r3 (newton (81.0, 1.0, 10)), r3 (trapezium (fn x => x * x, 0.0, 3.0, 100)),
              r3 (eSeries 15), r3 (leibniz 1000), floor (Math.sqrt 1000.0), r3 (Math.sin 1.0 * Math.sin 1.0 + Math.cos 1.0 * Math.cos 1.0))
