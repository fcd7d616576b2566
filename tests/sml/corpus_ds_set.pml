(* Sets as sorted lists without duplicates: union, intersection, difference, powerset *)
fun insert (x, []) = [x]
  | insert (x, y :: ys) = if x < y then x :: y :: ys else if x = y then y :: ys else y :: insert (x, ys)
fun fromList l = foldl insert [] l
fun union ([], ys) = ys
  | union (xs, []) = xs
  | union (x :: xs, y :: ys) =
      if x < y then x :: union (xs, y :: ys) else if y < x then y :: union (x :: xs, ys) else x :: union (xs, ys)
fun inter ([], _) = []
  | inter (_, []) = []
  | inter (x :: xs, y :: ys) =
      if x < y then inter (xs, y :: ys) else if y < x then inter (x :: xs, ys) else x :: inter (xs, ys)
fun diff (xs, ys) = List.filter (fn x => not (List.exists (fn y => y = x) ys)) xs
fun powerset [] = [[]]
  | powerset (x :: xs) = let val p = powerset xs in p @ map (fn s => x :: s) p end
fun subset (xs, ys) = List.all (fn x => List.exists (fn y => x = y) ys) xs

val a = fromList [5, 1, 9, 3, 7, 3, 1]
val b = fromList [2, 3, 4, 5, 6]
val result = (a, b, union (a, b), inter (a, b), diff (a, b), List.length (powerset a),
              powerset [1, 2, 3], subset (inter (a, b), a), subset (a, b))
