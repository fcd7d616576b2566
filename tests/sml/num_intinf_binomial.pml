(* Binomial coefficients and Catalan numbers with IntInf. *)
fun choose (n, k) =
  let fun go (i, acc) = if i > k then acc else go (i + 1, acc * IntInf.fromInt (n - k + i) div IntInf.fromInt i)
  in go (1, IntInf.fromInt 1) end
fun catalan n = choose (2 * n, n) div IntInf.fromInt (n + 1)
val result = (choose (100, 50), map catalan [0, 1, 2, 3, 10, 30], choose (60, 30))
