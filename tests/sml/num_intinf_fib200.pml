(* Fibonacci of 200 by iteration with IntInf accumulators. *)
fun fib n =
  let fun go (0, a, _) = a
        | go (k, a, b) = go (k - 1, b, a + b)
  in go (n, IntInf.fromInt 0, IntInf.fromInt 1) end
val result = (fib 200, fib 90, IntInf.toString (fib 300))
