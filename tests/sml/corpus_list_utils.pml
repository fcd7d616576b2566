(* List utilities as in a first course: zip, unzip, flatten, chunk, interleave, permutations *)
fun zip (x :: xs, y :: ys) = (x, y) :: zip (xs, ys)
  | zip _ = []
fun flatten [] = []
  | flatten (l :: ls) = l @ flatten ls
fun chunk (_, []) = []
  | chunk (k, l) = if List.length l <= k then [l] else List.take (l, k) :: chunk (k, List.drop (l, k))
fun interleave (x, []) = [[x]]
  | interleave (x, y :: ys) = (x :: y :: ys) :: map (fn l => y :: l) (interleave (x, ys))
fun perms [] = [[]]
  | perms (x :: xs) = List.concat (map (fn p => interleave (x, p)) (perms xs))
fun dedup [] = []
  | dedup (x :: xs) = x :: dedup (List.filter (fn y => y <> x) xs)
fun range (a, b) = if a >= b then [] else a :: range (a + 1, b)

val result = (zip (range (0, 5), ["a", "b", "c"]), flatten [[1], [], [2, 3], [4]],
              chunk (3, range (0, 10)), perms [1, 2, 3], List.length (perms [1, 2, 3, 4, 5]),
              dedup [3, 1, 3, 2, 1, 4], ListPair.unzip (zip ([1, 2], [true, false])))
