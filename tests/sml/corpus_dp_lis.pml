(* Longest increasing subsequence (quadratic DP with predecessors) and maximum subarray (Kadane) *)
fun lis xs =
  let val v = fromList xs
      val n = length v
      fun best (i, (lens, preds)) =
        let fun scan (j, (bl, bp)) =
              if j >= i then (bl, bp)
              else scan (j + 1, if sub (v, j) < sub (v, i) andalso sub (lens, j) + 1 > bl
                                then (sub (lens, j) + 1, j) else (bl, bp))
            val (l, p) = scan (0, (1, ~1))
        in (update (lens, i, l), update (preds, i, p)) end
      val (lens, preds) = foldl best (vector (n, 1), vector (n, ~1)) (List.tabulate (n, fn i => i))
      val top = foldl (fn (i, b) => if sub (lens, i) > sub (lens, b) then i else b) 0 (List.tabulate (n, fn i => i))
      fun walk (~1, acc) = acc
        | walk (i, acc) = walk (sub (preds, i), sub (v, i) :: acc)
  in if n = 0 then [] else walk (top, []) end

fun kadane (x :: xs) =
      #2 (foldl (fn (y, (cur, best)) => let val c = Int.max (y, cur + y) in (c, Int.max (best, c)) end) (x, x) xs)
  | kadane [] = 0

val result = (lis [10, 9, 2, 5, 3, 7, 101, 18], lis [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15],
              lis [], kadane [~2, 1, ~3, 4, ~1, 2, 1, ~5, 4], kadane [~3, ~1, ~2])
