(* Pairs of lists that must have equal lengths (ListPair's ...Eq
 * functions raise UnequalLengths), and List.foldli. *)
fun dot (xs, ys) = ListPair.foldlEq (fn (x, y, acc) => x * y + acc) 0 (xs, ys)

fun safeDot p = SOME (dot p) handle ListPair.UnequalLengths => NONE

val names = ["ann", "bob", "cy"]
val ages = [31, 27, 45]
val table = ListPair.zipEq (names, ages)
val sums = ListPair.mapEq op+ ([1, 2, 3], [10, 20, 30])
val backwards = ListPair.foldrEq (fn (n, a, acc) => n ^ ":" ^ Int.toString a :: acc) [] (names, ages)
val bad = (ListPair.zipEq ([1, 2], [3]); "zipped") handle ListPair.UnequalLengths => "unequal"
val msg = exnName ListPair.UnequalLengths
val weighted = List.foldli (fn (i, x, acc) => acc + i * x) 0 [4, 5, 6]
val indexed = rev (List.foldli (fn (i, s, acc) => (Int.toString i ^ "=" ^ s) :: acc) [] names)
val result = (dot ([1, 2, 3], [4, 5, 6]), safeDot ([1], [2, 3]), table, sums, backwards, bad, msg, weighted, indexed)
