(* A segment tree over an int array: range sums and point updates,
   checked against direct summation *)
datatype seg = Leaf of int * int          (* index, value *)
             | Node of int * int * int * seg * seg   (* lo, hi, sum, left, right *)

fun sumOf (Leaf (_, v)) = v
  | sumOf (Node (_, _, s, _, _)) = s

fun build (v, lo, hi) =
    if lo = hi then Leaf (lo, Vector.sub (v, lo))
    else let val mid = (lo + hi) div 2
             val l = build (v, lo, mid) val r = build (v, mid + 1, hi)
         in Node (lo, hi, sumOf l + sumOf r, l, r) end

fun query (Leaf (i, v), a, b) = if a <= i andalso i <= b then v else 0
  | query (Node (lo, hi, s, l, r), a, b) =
      if b < lo orelse hi < a then 0
      else if a <= lo andalso hi <= b then s
      else query (l, a, b) + query (r, a, b)

fun update (Leaf (i, v), j, x) = if i = j then Leaf (i, x) else Leaf (i, v)
  | update (t as Node (lo, hi, _, l, r), j, x) =
      if j < lo orelse j > hi then t
      else let val l' = update (l, j, x) val r' = update (r, j, x)
           in Node (lo, hi, sumOf l' + sumOf r', l', r') end

val arr = Vector.fromList [5, 8, 6, 3, 2, 7, 2, 6, 9, 1]
val t = build (arr, 0, Vector.length arr - 1)
fun direct (v, a, b) = foldl op+ 0 (List.tabulate (b - a + 1, fn i => Vector.sub (v, a + i)))
val ranges = [(0, 9), (2, 5), (4, 4), (7, 9), (0, 0)]
val t2 = update (update (t, 4, 20), 0, ~5)
val arr2 = Vector.update (Vector.update (arr, 4, 20), 0, ~5)
val result = (map (fn (a, b) => query (t, a, b)) ranges,
              List.all (fn (a, b) => query (t, a, b) = direct (arr, a, b)) ranges,
              map (fn (a, b) => query (t2, a, b)) ranges,
              List.all (fn (a, b) => query (t2, a, b) = direct (arr2, a, b)) ranges)
