(* A parallel fill: each leaf writes its own element.
   race: none *)
val n = 16
val a = Array.array (n, 0)
fun fill (lo, hi) =
  if hi - lo = 1 then Array.update (a, lo, lo * lo)
  else let val m = (lo + hi) div 2 in (fn _ => ()) {fill (lo, m), fill (m, hi)} end
val result = (fill (0, n); Array.vector a)
