(* Quicksort on lists with an accumulator to avoid append *)
fun quick ([], sorted) = sorted
  | quick ([x], sorted) = x :: sorted
  | quick (a :: bs, sorted) =
      let fun partition (left, right, []) = quick (left, a :: quick (right, sorted))
            | partition (left, right, x :: xs) =
                if x <= a then partition (x :: left, right, xs)
                else partition (left, x :: right, xs)
      in partition ([], [], bs) end

fun quicksort l = quick (l, [])

(* pseudo-random numbers: a linear congruential generator *)
fun randoms (0, _) = []
  | randoms (n, seed) =
      let val next = (seed * 1103 + 12345) mod 32768
      in next mod 1000 :: randoms (n - 1, next) end

val xs = randoms (40, 7)
val result = (quicksort xs, quicksort [3, 1, 2], quicksort ([] : int list))
