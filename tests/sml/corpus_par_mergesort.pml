(* Parallel mergesort on lists: the two halves sorted in a parallel pair *)
fun split [] = ([], [])
  | split [x] = ([x], [])
  | split (x :: y :: r) = let val (a, b) = split r in (x :: a, y :: b) end

fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (x :: xs, y :: ys) = if x <= y then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)

fun msort [] = []
  | msort [x] = [x]
  | msort l = let val (a, b) = split l
                  val (sa, sb) = {msort a, msort b}
              in merge (sa, sb) end

val data = List.tabulate (30, fn i => (i * 37 + 11) mod 53)
val result = (msort data, msort [3, 1, 2], msort ([] : int list))
