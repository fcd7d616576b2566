(* Fibonacci and binomial coefficients by naive parallel recursion,
   checked against the iterative versions *)
fun pfib n = if n < 2 then n else let val (a, b) = {pfib (n - 1), pfib (n - 2)} in a + b end

fun ifib n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, a + b) in go (n, 0, 1) end

fun pchoose (n, k) =
    if k = 0 orelse k = n then 1
    else let val (a, b) = {pchoose (n - 1, k - 1), pchoose (n - 1, k)} in a + b end

fun ichoose (n, k) = let fun go (i, acc) = if i > k then acc else go (i + 1, acc * (n - k + i) div i) in go (1, 1) end

val ns = List.tabulate (12, fn i => i)
val result = (map pfib ns, List.all (fn n => pfib n = ifib n) ns,
              map (fn k => pchoose (8, k)) (List.tabulate (9, fn i => i)),
              pchoose (10, 4) = ichoose (10, 4))
