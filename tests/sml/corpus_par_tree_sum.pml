(* Divide and conquer over a balanced tree: sum, max depth and a map,
   each child handled in a parallel pair *)
datatype tree = Leaf of int | Node of tree * tree

fun build (lo, hi) =
    if lo = hi then Leaf lo
    else let val mid = (lo + hi) div 2
             val (l, r) = {build (lo, mid), build (mid + 1, hi)}
         in Node (l, r) end

fun sum (Leaf x) = x
  | sum (Node (l, r)) = let val (a, b) = {sum l, sum r} in a + b end

fun depth (Leaf _) = 0
  | depth (Node (l, r)) = let val (a, b) = {depth l, depth r} in 1 + Int.max (a, b) end

fun tmap f (Leaf x) = Leaf (f x)
  | tmap f (Node (l, r)) = let val (a, b) = {tmap f l, tmap f r} in Node (a, b) end

fun leaves (Leaf x) = [x]
  | leaves (Node (l, r)) = leaves l @ leaves r

val t = build (1, 20)
val result = (sum t, depth t, leaves (tmap (fn x => x * x) (build (1, 6))), sum (tmap (fn x => x mod 3) t))
