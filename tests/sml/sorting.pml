(* Sequential sorts on lists: insertion sort, merge sort, quicksort. *)
fun insert (x, []) = [x]
  | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)
fun isort l = foldl insert [] l
fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (x :: xs, y :: ys) = if x <= y then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)
fun msort [] = []
  | msort [x] = [x]
  | msort l = let val h = List.length l div 2
              in merge (msort (List.take (l, h)), msort (List.drop (l, h))) end
fun qsort [] = []
  | qsort (p :: xs) = qsort (List.filter (fn x => x < p) xs) @ (p :: qsort (List.filter (fn x => x >= p) xs))
fun lcg (0, _) = []
  | lcg (n, x) = x mod 100 :: lcg (n - 1, (x * 1103 + 12345) mod 32768)
val data = lcg (30, 7)
val result = (data, isort data, msort data = isort data, qsort data = isort data,
              msort [3, ~1, ~1, 0])
