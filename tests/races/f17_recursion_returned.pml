(* A parallel fib whose calls count into cells of their own and return
   the counts.
   race: none *)
fun fib n =
  let val calls = ref 1 in
    if n < 2 then (n, !calls)
    else let val ((a, ca), (b, cb)) = {fib (n - 1), fib (n - 2)}
         in calls := !calls + ca + cb; (a + b, !calls) end
  end
val result = fib 6
