(* Leftist heaps: merge in O(log n), heapsort by repeated deleteMin *)
datatype heap = Empty' | Node of int * int * heap * heap   (* rank, value, left, right *)

fun rank Empty' = 0
  | rank (Node (r, _, _, _)) = r

fun make (x, a, b) = if rank a >= rank b then Node (rank b + 1, x, a, b) else Node (rank a + 1, x, b, a)

fun merge (h, Empty') = h
  | merge (Empty', h) = h
  | merge (h1 as Node (_, x, a1, b1), h2 as Node (_, y, a2, b2)) =
      if x <= y then make (x, a1, merge (b1, h2)) else make (y, a2, merge (h1, b2))

fun insert (x, h) = merge (Node (1, x, Empty', Empty'), h)
fun findMin Empty' = NONE
  | findMin (Node (_, x, _, _)) = SOME x
fun deleteMin Empty' = Empty'
  | deleteMin (Node (_, _, a, b)) = merge (a, b)

fun drain h = case findMin h of NONE => [] | SOME x => x :: drain (deleteMin h)
fun heapsort l = drain (foldl insert Empty' l)

fun leftist Empty' = true
  | leftist (Node (_, _, a, b)) = rank a >= rank b andalso leftist a andalso leftist b

val h = foldl insert Empty' [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
val result = (heapsort [31, 4, 15, 9, 26, 5, 35, 8, 9, 7], findMin h, rank h, leftist h,
              drain (merge (h, foldl insert Empty' [100, ~1])))
