(* Factorial of 100 with IntInf, as course code writes it. *)
fun fact (n : IntInf.int) : IntInf.int = if n <= 0 then 1 else n * fact (n - 1)
val result = fact 100
