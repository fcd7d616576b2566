(* Combinatorics on lists: permutations, subsets, combinations, and the
   cartesian product *)
fun remove (x, []) = []
  | remove (x, y :: ys) = if x = y then ys else y :: remove (x, ys)

fun perms [] = [[]]
  | perms l = List.concat (map (fn x => map (fn p => x :: p) (perms (remove (x, l)))) l)

fun subsets [] = [[]]
  | subsets (x :: xs) = let val s = subsets xs in s @ map (fn t => x :: t) s end

fun choose (0, _) = [[]]
  | choose (_, []) = []
  | choose (k, x :: xs) = map (fn c => x :: c) (choose (k - 1, xs)) @ choose (k, xs)

fun product (xs, ys) = List.concat (map (fn x => map (fn y => (x, y)) ys) xs)

val result = (perms [1, 2, 3], List.length (perms [1, 2, 3, 4, 5]), subsets [#"a", #"b", #"c"],
              choose (2, [1, 2, 3, 4]), product (["x", "y"], [true, false]))
