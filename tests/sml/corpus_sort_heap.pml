(* Heap sort with a leftist heap *)
datatype heap = E | T of int * int * heap * heap

fun rank E = 0
  | rank (T (r, _, _, _)) = r

fun makeT (x, a, b) =
  if rank a >= rank b then T (rank b + 1, x, a, b) else T (rank a + 1, x, b, a)

fun merge (h, E) = h
  | merge (E, h) = h
  | merge (h1 as T (_, x, a1, b1), h2 as T (_, y, a2, b2)) =
      if x <= y then makeT (x, a1, merge (b1, h2)) else makeT (y, a2, merge (h1, b2))

fun insert (x, h) = merge (T (1, x, E, E), h)

fun findMin E = raise Empty
  | findMin (T (_, x, _, _)) = x

fun deleteMin E = raise Empty
  | deleteMin (T (_, _, a, b)) = merge (a, b)

fun heapsort xs =
  let fun drain E = []
        | drain h = findMin h :: drain (deleteMin h)
  in drain (foldl insert E xs) end

val result = (heapsort [9, 4, 7, 1, 8, 2, 6, 3, 5, 0], (findMin E handle Empty => ~1))
