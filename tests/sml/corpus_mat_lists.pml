(* Matrices as lists of rows: transpose, product, power, identity (Paulson 3.9) *)
fun headcol [] = []
  | headcol ((x :: _) :: rows) = x :: headcol rows
  | headcol ([] :: _) = raise Empty
fun tailcols [] = []
  | tailcols ((_ :: xs) :: rows) = xs :: tailcols rows
  | tailcols ([] :: _) = raise Empty

fun transp ([] :: rows) = []
  | transp rows = headcol rows :: transp (tailcols rows)

fun dotprod ([], []) = 0
  | dotprod (x :: xs, y :: ys) = x * y + dotprod (xs, ys)
  | dotprod _ = raise Fail "dimensions"

fun rowprod (row, []) = []
  | rowprod (row, col :: cols) = dotprod (row, col) :: rowprod (row, cols)

fun rowlistprod ([], cols) = []
  | rowlistprod (row :: rows, cols) = rowprod (row, cols) :: rowlistprod (rows, cols)

fun matprod (a, b) = rowlistprod (a, transp b)

fun identity n = List.tabulate (n, fn i => List.tabulate (n, fn j => if i = j then 1 else 0))
fun matpow (m, 0) = identity (List.length m)
  | matpow (m, k) = matprod (m, matpow (m, k - 1))

val a = [[1, 2, 3], [4, 5, 6]]
val b = [[7, 8], [9, 10], [11, 12]]
val fibm = [[1, 1], [1, 0]]
val result = (transp a, matprod (a, b), matprod (b, a), matpow (fibm, 10), identity 3)
