(* The sieve of Eratosthenes on lists. *)
fun range (a, b) = if a > b then [] else a :: range (a + 1, b)
fun sieve [] = []
  | sieve (p :: xs) = p :: sieve (List.filter (fn x => x mod p <> 0) xs)
val ps = sieve (range (2, 200))
val result = (List.length ps, List.take (ps, 10), List.last ps,
              List.exists (fn p => p = 97) ps, List.all (fn p => p mod 2 = 1) (tl ps))
