(* Primes: trial division, a sieve on lists, factorisation, gcd and lcm *)
fun isPrime n =
  n >= 2 andalso let fun go d = d * d > n orelse (n mod d <> 0 andalso go (d + 1)) in go 2 end

fun sieve [] = []
  | sieve (p :: xs) = p :: sieve (List.filter (fn x => x mod p <> 0) xs)

fun upto (a, b) = if a > b then [] else a :: upto (a + 1, b)

fun factor (n, d) =
  if n = 1 then []
  else if d * d > n then [n]
  else if n mod d = 0 then d :: factor (n div d, d)
  else factor (n, d + 1)

fun gcd (a, 0) = a
  | gcd (a, b) = gcd (b, a mod b)
fun lcm (a, b) = a div gcd (a, b) * b

val ps = sieve (upto (2, 100))
val result = (ps, List.length ps, List.filter isPrime (upto (90, 110)) = List.filter (fn p => p >= 90) ps,
              map (fn n => factor (n, 2)) [360, 97, 1001, 65536, 999999],
              gcd (1071, 462), foldl lcm 1 (upto (1, 20)))
