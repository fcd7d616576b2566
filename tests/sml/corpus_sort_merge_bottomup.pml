(* Bottom-up mergesort: runs of length 1, merged pairwise until one run
   is left; counts the merge passes *)
fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (x :: xs, y :: ys) = if x <= y then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)

fun mergePairs (a :: b :: rest) = merge (a, b) :: mergePairs rest
  | mergePairs runs = runs

fun sort l =
    let fun go ([], passes) = ([], passes)
          | go ([r], passes) = (r, passes)
          | go (runs, passes) = go (mergePairs runs, passes + 1)
    in go (map (fn x => [x]) l, 0) end

val xs = [38, 27, 43, 3, 9, 82, 10, 1, 55, 21, 7]
val (sorted, passes) = sort xs
val result = (sorted, passes, length sorted = length xs, #2 (sort [1]), sort ([] : int list))
