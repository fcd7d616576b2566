(* Building a balanced search tree from a sorted vector with the two
   subtrees built in parallel, then parallel queries: size, height,
   range count *)
datatype tree = E | T of tree * int * tree

fun build (v, lo, hi) =
    if lo >= hi then E
    else let val mid = (lo + hi) div 2
             val (l, r) = {build (v, lo, mid), build (v, mid + 1, hi)}
         in T (l, Vector.sub (v, mid), r) end

fun size E = 0
  | size (T (l, _, r)) = let val (a, b) = {size l, size r} in a + b + 1 end

fun height E = 0
  | height (T (l, _, r)) = let val (a, b) = {height l, height r} in 1 + Int.max (a, b) end

fun countRange (E, _, _) = 0
  | countRange (T (l, x, r), lo, hi) =
      if x < lo then countRange (r, lo, hi)
      else if x > hi then countRange (l, lo, hi)
      else let val (a, b) = {countRange (l, lo, hi), countRange (r, lo, hi)} in a + b + 1 end

fun inorder E = []
  | inorder (T (l, x, r)) = inorder l @ x :: inorder r

val v = Vector.tabulate (31, fn i => 3 * i + 1)
val t = build (v, 0, Vector.length v)
val result = (size t, height t, countRange (t, 10, 40), countRange (t, 0, 1000),
              inorder t = Vector.foldr (op ::) [] v, List.take (inorder t, 5))
