(* The sieve of Eratosthenes on a bool array, and a dynamic programme (the
 * coin change count) on an int array. *)
fun sieve n =
  let
    val isPrime = Array.array (n + 1, true)
    fun cross (p, k) = if k > n then () else (Array.update (isPrime, k, false); cross (p, k + p))
    fun loop p =
      if p * p > n then ()
      else (if Array.sub (isPrime, p) then cross (p, p * p) else (); loop (p + 1))
  in
    Array.update (isPrime, 0, false);
    Array.update (isPrime, 1, false);
    loop 2;
    Array.foldri (fn (i, b, acc) => if b then i :: acc else acc) [] isPrime
  end

fun change (coins, amount) =
  let
    val ways = Array.array (amount + 1, 0)
  in
    Array.update (ways, 0, 1);
    List.app (fn c =>
      Array.appi (fn (i, _) => if i >= c
                               then Array.update (ways, i, Array.sub (ways, i) + Array.sub (ways, i - c))
                               else ()) ways) coins;
    Array.sub (ways, amount)
  end

val result = (sieve 60, change ([1, 2, 5, 10, 25], 100), change ([2, 3], 7))
