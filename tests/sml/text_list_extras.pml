(* SML/NJ's List and ListPair members with indices, folds of a map and
 * unfolds, as utility code calls them. *)
val l = [3, 8, 5, 10]
fun countdown 0 = NONE
  | countdown n = SOME (n, n - 1)
fun evenIdx (i, x) = if i mod 2 = 0 then SOME (x * 10) else NONE

val result = (List.revMapi (fn (i, x) => i + x) l, List.mapPartiali evenIdx l,
              List.revMapPartial (fn x => if x > 4 then SOME x else NONE) l,
              List.revMapPartiali evenIdx l, List.concatMapi (fn (i, x) => List.tabulate (i, fn _ => x)) l,
              List.foldMapl op:: (fn x => x * 2) [] l, List.foldMapr op:: (fn x => x * 2) [] l,
              List.unfoldr countdown 4, List.unfoldl countdown 4,
              ListPair.foldli (fn (i, a, b, acc) => (i, a ^ b) :: acc) [] (["a", "b", "c"], ["x", "y"]),
              ListPair.foldri (fn (i, a, b, acc) => (i, a ^ b) :: acc) [] (["a", "b"], ["x", "y"]),
              ListPair.mapiEq (fn (i, a, b) => i * a * b) ([1, 2], [3, 4]),
              (ListPair.foldliEq (fn (_, a, b, s) => s + a * b) 0 ([1, 2], [3]) handle ListPair.UnequalLengths => ~1),
              ListPair.mapPartialEq (fn (a, b) => if a < b then SOME (b - a) else NONE) ([1, 5, 2], [4, 3, 9]),
              ListPair.mapPartiali (fn (i, a, b) => if i > 0 then SOME (a + b) else NONE) ([1, 2, 3], [10, 20]))
