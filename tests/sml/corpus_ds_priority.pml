(* A binomial-free priority queue: pairing heap, used for k smallest and merging sorted lists *)
datatype heap = E | H of int * heap list

fun merge (E, h) = h
  | merge (h, E) = h
  | merge (h1 as H (x, hs1), h2 as H (y, hs2)) = if x <= y then H (x, h2 :: hs1) else H (y, h1 :: hs2)
fun insert (x, h) = merge (H (x, []), h)
fun mergePairs [] = E
  | mergePairs [h] = h
  | mergePairs (a :: b :: rest) = merge (merge (a, b), mergePairs rest)
fun findMin E = NONE
  | findMin (H (x, _)) = SOME x
fun deleteMin E = E
  | deleteMin (H (_, hs)) = mergePairs hs

fun kSmallest (k, xs) =
  let fun take (0, _) = [] | take (_, E) = [] | take (k, h as H (x, _)) = x :: take (k - 1, deleteMin h)
  in take (k, foldl insert E xs) end

fun mergeSorted lists = kSmallest (foldl (fn (l, n) => n + List.length l) 0 lists, List.concat lists)

val result = (kSmallest (4, [9, 3, 7, 1, 8, 2, 6]), mergeSorted [[1, 4, 9], [2, 3, 10], [0, 5]], findMin (deleteMin (insert (5, insert (3, E)))), findMin E)
