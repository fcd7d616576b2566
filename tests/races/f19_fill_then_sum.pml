(* A parallel fill, then a parallel sum after it.
   race: none *)
val a = Array.array (8, 0)
fun fill (lo, hi) =
  if hi - lo = 1 then Array.update (a, lo, lo)
  else let val m = (lo + hi) div 2 in (fn _ => ()) {fill (lo, m), fill (m, hi)} end
fun sum (lo, hi) =
  if hi - lo = 1 then Array.sub (a, lo)
  else let val m = (lo + hi) div 2 val (x, y) = {sum (lo, m), sum (m, hi)} in x + y end
val result = (fill (0, 8); sum (0, 8))
