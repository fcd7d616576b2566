(* A sort parameterised by an ordering function, used on pairs and strings *)
fun insertBy cmp (x, []) = [x]
  | insertBy cmp (x, y :: ys) =
      case cmp (x, y) of
          GREATER => y :: insertBy cmp (x, ys)
        | _ => x :: y :: ys

fun sortBy cmp l = foldl (insertBy cmp) [] l

fun byLength (a, b) = Int.compare (size a, size b)
fun bySecond ((_, x), (_, y)) = Int.compare (x, y)
fun lexPair ((a, b), (c, d)) =
  case String.compare (a, c) of EQUAL => Int.compare (b, d) | r => r

val people = [("ann", 31), ("bob", 25), ("cy", 31), ("di", 19), ("ann", 20)]
val result = (sortBy byLength ["ccc", "a", "bb", "dddd", "e"],
              sortBy bySecond people, sortBy lexPair people,
              sortBy (fn (a, b) => Int.compare (b, a)) [3, 1, 4, 1, 5, 9, 2, 6])
