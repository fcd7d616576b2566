(* Counting sort of small integers with a vector of counts *)
fun counts (xs, k) =
  foldl (fn (x, v) => update (v, x, sub (v, x) + 1)) (vector (k, 0)) xs

fun expand (v, i, acc) =
  if i < 0 then acc
  else expand (v, i - 1, List.tabulate (sub (v, i), fn _ => i) @ acc)

fun countsort (xs, k) = expand (counts (xs, k), k - 1, [])

val data = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]
val result = (countsort (data, 10), toList (counts (data, 10)))
