(* A dictionary as an association list and as a binary search tree keyed by strings *)
exception NotFound of string

fun alUpdate ([], k, v) = [(k, v)]
  | alUpdate ((k2, v2) :: rest, k, v) = if k = k2 then (k, v) :: rest else (k2, v2) :: alUpdate (rest, k, v)
fun alLookup ([], k) = raise NotFound k
  | alLookup ((k2, v) :: rest, k) = if k = k2 then v else alLookup (rest, k)

datatype 'a dict = Leaf | Node of 'a dict * string * 'a * 'a dict
fun insert (Leaf, k, v) = Node (Leaf, k, v, Leaf)
  | insert (Node (l, k2, v2, r), k, v) =
      case String.compare (k, k2) of
          LESS => Node (insert (l, k, v), k2, v2, r)
        | GREATER => Node (l, k2, v2, insert (r, k, v))
        | EQUAL => Node (l, k, v, r)
fun lookup (Leaf, k) = raise NotFound k
  | lookup (Node (l, k2, v, r), k) =
      case String.compare (k, k2) of LESS => lookup (l, k) | GREATER => lookup (r, k) | EQUAL => v
fun items Leaf = []
  | items (Node (l, k, v, r)) = items l @ (k, v) :: items r

val pairs = [("one", 1), ("two", 2), ("three", 3), ("four", 4), ("two", 22), ("five", 5)]
val al = foldl (fn ((k, v), d) => alUpdate (d, k, v)) [] pairs
val bst = foldl (fn ((k, v), d) => insert (d, k, v)) Leaf pairs
val result = (alLookup (al, "two"), lookup (bst, "four"), items bst, al,
              (lookup (bst, "six") handle NotFound k => ~(size k)))
