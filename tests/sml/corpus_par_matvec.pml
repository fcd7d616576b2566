(* Matrix-vector and matrix-matrix products over lists of rows, the rows
   split in halves computed in parallel *)
fun dot (a, b) = ListPair.foldl (fn (x, y, s) => s + x * y) 0 (a, b)

fun pmap f [] = []
  | pmap f [x] = [f x]
  | pmap f l =
      let val h = List.length l div 2
          val (a, b) = {pmap f (List.take (l, h)), pmap f (List.drop (l, h))}
      in a @ b end

fun transpose [] = []
  | transpose ([] :: _) = []
  | transpose rows = map hd rows :: transpose (map tl rows)

fun matvec (m, v) = pmap (fn row => dot (row, v)) m
fun matmul (a, b) = let val bt = transpose b in pmap (fn row => map (fn col => dot (row, col)) bt) a end

val m = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 0, 1]]
val id3 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
val result = (matvec (m, [1, 1, 1]), matmul (m, id3) = m, matmul ([[1, 2], [3, 4]], [[5, 6], [7, 8]]),
              transpose m)
