(* Selection sort: repeatedly remove the minimum *)
fun minimum [x] = x
  | minimum (x :: xs) = let val m = minimum xs in if x < m then x else m end
  | minimum [] = raise Empty

fun remove (x, []) = []
  | remove (x, y :: ys) = if x = y then ys else y :: remove (x, ys)

fun selsort [] = []
  | selsort xs = let val m = minimum xs in m :: selsort (remove (m, xs)) end

val words = ["delta", "alpha", "echo", "charlie", "bravo", "alpha"]
val result = (selsort [5, 2, 9, 1, 5, 6], List.length words,
              (minimum [] handle Empty => ~1))
