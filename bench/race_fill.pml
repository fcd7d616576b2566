(* The race detector's benchmark (bench/bench_race.sh): a parallel fill of
   an array, each leaf writing its own element, then a parallel sum that
   reads them all and a counter bumped in sequence: race-free, about
   10^7 nodes at n = 2^17, with one access every few nodes. *)
val n = param ("n", 131072)
val a = Array.array (n, 0)
fun fill (lo, hi) =
  if hi - lo = 1 then Array.update (a, lo, lo mod 7)
  else let val m = (lo + hi) div 2
           val _ = {fill (lo, m), fill (m, hi)}
       in () end
fun sum (lo, hi) =
  if hi - lo = 1 then Array.sub (a, lo) + Array.sub (a, (lo + 1) mod n)
  else let val m = (lo + hi) div 2
           val (x, y) = {sum (lo, m), sum (m, hi)}
       in x + y end
val count = ref 0
fun bump k = if k = 0 then () else (count := !count + 1; bump (k - 1))
val result = (fill (0, n); bump 1000; sum (0, n) + !count)
