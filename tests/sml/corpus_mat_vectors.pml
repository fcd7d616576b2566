(* Matrices as vectors of vectors: multiplication, transpose, trace, determinant by cofactors *)
fun mat rows = fromList (map fromList rows)
fun rows m = length m
fun cols m = length (sub (m, 0))
fun get (m, i, j) = sub (sub (m, i), j)
fun transpose m = Vector.tabulate (cols m, fn j => Vector.tabulate (rows m, fn i => get (m, i, j)))
fun mul (a, b) =
  Vector.tabulate (rows a, fn i => Vector.tabulate (cols b, fn j =>
    foldl op+ 0 (List.tabulate (cols a, fn k => get (a, i, k) * get (b, k, j)))))
fun trace m = foldl op+ 0 (List.tabulate (rows m, fn i => get (m, i, i)))
fun minor (m, c) =
  Vector.tabulate (rows m - 1, fn i => Vector.tabulate (cols m - 1, fn j => get (m, i + 1, if j < c then j else j + 1)))
fun det m =
  if rows m = 1 then get (m, 0, 0)
  else foldl op+ 0 (List.tabulate (cols m, fn c =>
         (if c mod 2 = 0 then 1 else ~1) * get (m, 0, c) * det (minor (m, c))))
fun toLists m = map toList (toList m)

val a = mat [[1, 2, 3], [4, 5, 6], [7, 8, 10]]
val b = mat [[2, 0, 1], [1, 3, 2], [1, 1, 1]]
val result = (toLists (mul (a, b)), toLists (transpose a), trace a, det a, det b, det (mul (a, b)), a)
