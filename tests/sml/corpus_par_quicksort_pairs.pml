(* Quicksort with the two recursive calls in a parallel pair, on strings
   and on integers, plus a parallel count of inversions by mergesort *)
fun qsort lt [] = []
  | qsort lt (p :: xs) =
      let val (ls, gs) = List.partition (fn x => lt (x, p)) xs
          val (a, b) = {qsort lt ls, qsort lt gs}
      in a @ p :: b end

fun inversions [] = ([], 0)
  | inversions [x] = ([x], 0)
  | inversions l =
      let val h = List.length l div 2
          val ((a, ia), (b, ib)) = {inversions (List.take (l, h)), inversions (List.drop (l, h))}
          fun merge ([], ys, n) = (ys, n)
            | merge (xs, [], n) = (xs, n)
            | merge (x :: xs, y :: ys, n) =
                if x <= y then let val (m, k) = merge (xs, y :: ys, n) in (x :: m, k) end
                else let val (m, k) = merge (x :: xs, ys, n + List.length (x :: xs)) in (y :: m, k) end
          val (m, n) = merge (a, b, 0)
      in (m, ia + ib + n) end

val words = ["delta", "alpha", "echo", "charlie", "bravo", "alpha"]
val nums = [8, 3, 5, 1, 9, 2, 7]
val result = (qsort (fn (a : string, b) => a < b) words, qsort (fn (a : int, b) => a > b) nums,
              inversions nums, #2 (inversions [1, 2, 3]), #2 (inversions [3, 2, 1]))
