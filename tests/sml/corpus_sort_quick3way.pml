(* Three-way quicksort on lists, with a comparison function, and a check
   that the output is sorted and a permutation of the input *)
fun qsort cmp [] = []
  | qsort cmp (p :: xs) =
      let fun split ([], ls, es, gs) = (ls, es, gs)
            | split (x :: r, ls, es, gs) =
                case cmp (x, p) of
                    LESS => split (r, x :: ls, es, gs)
                  | EQUAL => split (r, ls, x :: es, gs)
                  | GREATER => split (r, ls, es, x :: gs)
          val (ls, es, gs) = split (xs, [], [p], [])
      in qsort cmp ls @ es @ qsort cmp gs end

fun sorted cmp (a :: b :: r) = cmp (a, b) <> GREATER andalso sorted cmp (b :: r)
  | sorted _ _ = true

fun count (x, l) = List.length (List.filter (fn y => y = x) l)
fun samePerm (a, b) = List.length a = List.length b
                      andalso List.all (fn x => count (x, a) = count (x, b)) a

fun lcg seed = (seed * 1103 + 12345) mod 10007
fun randoms (0, _) = []
  | randoms (n, s) = s mod 50 :: randoms (n - 1, lcg s)

val xs = randoms (40, 7)
val up = qsort Int.compare xs
val down = qsort (fn (a, b) => Int.compare (b, a)) xs
val words = qsort String.compare ["pear", "apple", "fig", "kiwi", "apple", "banana"]
val result = (up, down, words, sorted Int.compare up, samePerm (xs, up),
              sorted Int.compare down)
