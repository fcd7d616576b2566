(* A parallel fib counting its calls in a shared ref.
   race: calls := !calls + 1 | calls := !calls + 1
   race: !calls | calls := !calls + 1 *)
val calls = ref 0
fun fib n =
  (calls := !calls + 1;
   if n < 2 then n
   else let val (a, b) = {fib (n - 1), fib (n - 2)} in a + b end)
val result = fib 6
