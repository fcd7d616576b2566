(* Parallel prefix sums (scan) by the up-sweep/down-sweep idea on lists of
   pairs, checked against a sequential scan *)
fun pairUp (a :: b :: r) = (a + b) :: pairUp r
  | pairUp [a] = [a]
  | pairUp [] = []

(* exclusive scan *)
fun scan [] = []
  | scan [x] = [0]
  | scan l =
      let val sums = scan (pairUp l)
          fun expand (s :: ss, a :: b :: r) = s :: (s + a) :: expand (ss, r)
            | expand (s :: _, [a]) = [s]
            | expand _ = []
      in expand (sums, l) end

fun seqScan l = rev (#2 (foldl (fn (x, (acc, out)) => (acc + x, acc :: out)) (0, []) l))

fun pmapPair f (a, b) = {f a, f b}

val xs = List.tabulate (13, fn i => (i * 7) mod 10)
val ys = [3, 1, 4, 1, 5, 9, 2, 6]
val (sx, sy) = pmapPair scan (xs, ys)
val result = (sx, sy, sx = seqScan xs, sy = seqScan ys, scan [] : int list)
