(* Determinants by cofactor expansion and matrix powers over int lists;
   the determinant of a product is the product of the determinants *)
fun minor (m, j) = map (fn row => List.take (row, j) @ List.drop (row, j + 1)) (tl m)

fun det [[a]] = a
  | det m =
      let fun go (_, [], _) = 0
            | go (j, x :: xs, sign) = sign * x * det (minor (m, j)) + go (j + 1, xs, ~sign)
      in go (0, hd m, 1) end

fun transpose ([] :: _) = []
  | transpose [] = []
  | transpose m = map hd m :: transpose (map tl m)

fun mmul (a, b) =
    let val bt = transpose b
    in map (fn r => map (fn c => ListPair.foldl (fn (x, y, s) => s + x * y) 0 (r, c)) bt) a end

fun identity n = List.tabulate (n, fn i => List.tabulate (n, fn j => if i = j then 1 else 0))
fun mpow (m, 0) = identity (List.length m)
  | mpow (m, k) = if k mod 2 = 0 then let val h = mpow (m, k div 2) in mmul (h, h) end
                  else mmul (m, mpow (m, k - 1))

val a = [[2, 0, 1], [1, 3, 2], [1, 1, 1]]
val b = [[1, 2, 0], [0, 1, 4], [5, 6, 0]]
val result = (det a, det b, det (mmul (a, b)) = det a * det b, mpow ([[1, 1], [1, 0]], 10),
              det (identity 4), det [[1, 2], [2, 4]])
