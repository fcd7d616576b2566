(* The sieve of Eratosthenes on a vector of flags, prime factorisation,
   and Goldbach pairs counted over a range in parallel halves *)
fun sieve n =
    let fun cross (v, p, k) = if k > n then v else cross (Vector.update (v, k, false), p, k + p)
        fun loop (v, p) =
            if p * p > n then v
            else if Vector.sub (v, p) then loop (cross (v, p, p * p), p + 1)
            else loop (v, p + 1)
    in loop (Vector.tabulate (n + 1, fn i => i >= 2), 2) end

val flags = sieve 200
fun isPrime k = Vector.sub (flags, k)
val primes = List.filter isPrime (List.tabulate (201, fn i => i))

fun factor (n, p) =
    if n = 1 then []
    else if p * p > n then [n]
    else if n mod p = 0 then p :: factor (n div p, p)
    else factor (n, p + 1)

fun goldbach n = List.length (List.filter (fn p => p <= n - p andalso isPrime (n - p)) primes)
fun countRange (lo, hi) =
    if hi - lo < 4 then List.tabulate (hi - lo, fn i => goldbach (2 * (lo + i)))
    else let val mid = (lo + hi) div 2
             val (a, b) = {countRange (lo, mid), countRange (mid, hi)}
         in a @ b end

val result = (List.length primes, List.take (primes, 10), map (fn n => factor (n, 2)) [360, 97, 1001, 1024],
              countRange (2, 20))
