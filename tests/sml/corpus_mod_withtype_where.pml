(* Rose trees declared with withtype, signatures refined with where type
   and sharing constraints, an abstype with a withtype abbreviation *)
signature ORD = sig type t val le : t * t -> bool end
signature INTORD = ORD where type t = int
signature PAIR = sig
  structure A : ORD
  structure B : ORD
  type u
  sharing type A.t = B.t = u
  datatype tree = L | N of forest withtype forest = tree list
end

structure IntOrd : INTORD = struct type t = int fun le (a, b) = a <= b end
structure RevOrd : ORD where type t = int = struct type t = int fun le (a, b) = b <= a end

datatype 'a tree = Node of 'a * 'a forest
withtype 'a forest = 'a tree list

fun size (Node (_, kids)) = 1 + foldl (fn (k, s) => s + size k) 0 kids
fun flatten (Node (x, kids)) = x :: List.concat (map flatten kids)
fun depth (Node (_, [])) = 1
  | depth (Node (_, kids)) = 1 + foldl Int.max 0 (map depth kids)
fun insertBy le (x, []) = [x]
  | insertBy le (x, y :: ys) = if le (x, y) then x :: y :: ys else y :: insertBy le (x, ys)

abstype bag = Bag of items withtype items = int list
with
  val empty = Bag []
  fun add (x, Bag l) = Bag (insertBy IntOrd.le (x, l))
  fun toList (Bag l) = l
end

val t = Node (1, [Node (2, []), Node (3, [Node (4, []), Node (5, [Node (6, [])])])])
val result = (size t, flatten t, depth t, foldr (insertBy RevOrd.le) [] (flatten t),
              toList (foldl add empty [5, 3, 9, 1]))
