(* Backtracking with exceptions: change-making (Paulson 4.8) and subset sum *)
exception Change

fun change (till, 0) = []
  | change ([], amt) = raise Change
  | change (c :: till, amt) =
      if amt < 0 then raise Change
      else c :: change (c :: till, amt - c) handle Change => change (till, amt)

exception NoSubset
fun subsetSum (_, 0) = []
  | subsetSum ([], _) = raise NoSubset
  | subsetSum (x :: xs, t) =
      (if x <= t then x :: subsetSum (xs, t - x) else raise NoSubset)
      handle NoSubset => subsetSum (xs, t)

fun try f x = SOME (f x) handle Change => NONE | NoSubset => NONE

val result = (try change ([5, 2], 16), try change ([5, 2], 3), try change ([25, 10, 5, 1], 68),
              try subsetSum ([8, 6, 7, 5, 3, 10, 9], 15), try subsetSum ([2, 4, 6], 5))
