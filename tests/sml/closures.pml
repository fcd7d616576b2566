(* Closures capture the values of their free variables when created. *)
fun adder n = fn x => x + n
val adders = List.tabulate (5, fn i => adder (i * 10))
val n = 1000
val k = adder n
val n = 0
fun counterFrom start = fn step => fn times => List.tabulate (times, fn i => start + i * step)
fun memo f = let val cached = f 10 in fn x => if x = 10 then cached else f x end
val m = memo (fn x => x * x + 1)
val result = (map (fn f => f 1) adders, k 1, n, counterFrom 5 3 4, m 10, m 3)
