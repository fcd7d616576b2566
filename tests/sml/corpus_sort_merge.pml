(* Top-down and bottom-up merge sort *)
fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (x :: xs, y :: ys) =
      if x <= y then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)

fun tmergesort [] = []
  | tmergesort [x] = [x]
  | tmergesort xs =
      let val k = List.length xs div 2
      in merge (tmergesort (List.take (xs, k)), tmergesort (List.drop (xs, k))) end

fun mergepairs ([l], k) = [l]
  | mergepairs (l1 :: l2 :: ls, k) =
      if k mod 2 = 1 then l1 :: l2 :: ls
      else mergepairs (merge (l1, l2) :: ls, k div 2)
  | mergepairs ([], _) = []

fun sorting ([], ls, k) = hd (mergepairs (ls, 0))
  | sorting (x :: xs, ls, k) = sorting (xs, mergepairs ([x] :: ls, k + 1), k + 1)

fun smergesort [] = []
  | smergesort xs = sorting (xs, [[]], 0)

val data = [38, 27, 43, 3, 9, 82, 10, 3, 55, 1, 77, 64, 12]
val result = (tmergesort data, smergesort data, tmergesort data = smergesort data)
