(* Descriptive statistics on int lists in textbook style (length, nth,
   sorting), with the median and mode *)
fun insert (x, []) = [x]
  | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)
fun sort l = foldr insert [] l

fun mean l = real (foldl op+ 0 l) / real (length l)
fun median l =
    let val s = sort l
        val n = length s
    in if n mod 2 = 1 then real (List.nth (s, n div 2))
       else real (List.nth (s, n div 2 - 1) + List.nth (s, n div 2)) / 2.0
    end
fun mode l =
    let val s = sort l
        fun runs ([], acc) = acc
          | runs (x :: xs, []) = runs (xs, [(x, 1)])
          | runs (x :: xs, (y, k) :: acc) = if x = y then runs (xs, (y, k + 1) :: acc) else runs (xs, (x, 1) :: (y, k) :: acc)
        val counted = rev (runs (s, []))
    in #1 (foldl (fn ((x, k), (bx, bk)) => if k > bk then (x, k) else (bx, bk)) (hd counted) (tl counted)) end
fun range l = let val s = sort l in List.last s - hd s end

val data = [4, 8, 15, 16, 23, 42, 8, 4, 8]
val result = (length data, mean data, median data, median [3, 1, 2, 10], mode data, range data,
              sort data, length (sort []))
