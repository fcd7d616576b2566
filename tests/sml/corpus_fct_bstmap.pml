(* A binary-search-tree map functor (insert, find, remove, fold) used for a
   word count and for a sparse vector keyed by int *)
signature ORD_KEY = sig
  type ord_key
  val compare : ord_key * ord_key -> order
end

functor BSTMapFn (Key : ORD_KEY) = struct
  datatype 'a map = Leaf | Node of 'a map * Key.ord_key * 'a * 'a map
  val empty = Leaf
  fun insert (Leaf, k, v) = Node (Leaf, k, v, Leaf)
    | insert (Node (l, k', v', r), k, v) =
        (case Key.compare (k, k') of
             LESS => Node (insert (l, k, v), k', v', r)
           | GREATER => Node (l, k', v', insert (r, k, v))
           | EQUAL => Node (l, k, v, r))
  fun find (Leaf, _) = NONE
    | find (Node (l, k', v, r), k) =
        (case Key.compare (k, k') of
             LESS => find (l, k)
           | GREATER => find (r, k)
           | EQUAL => SOME v)
  fun insertWith f (m, k, v) =
        (case find (m, k) of NONE => insert (m, k, v) | SOME old => insert (m, k, f (old, v)))
  fun removeMin (Node (Leaf, k, v, r)) = (k, v, r)
    | removeMin (Node (l, k, v, r)) = let val (k', v', l') = removeMin l in (k', v', Node (l', k, v, r)) end
    | removeMin Leaf = raise Fail "removeMin"
  fun remove (Leaf, _) = Leaf
    | remove (Node (l, k', v, r), k) =
        (case Key.compare (k, k') of
             LESS => Node (remove (l, k), k', v, r)
           | GREATER => Node (l, k', v, remove (r, k))
           | EQUAL =>
               (case (l, r) of
                    (Leaf, _) => r
                  | (_, Leaf) => l
                  | _ => let val (mk, mv, r') = removeMin r in Node (l, mk, mv, r') end))
  fun foldli f acc Leaf = acc
    | foldli f acc (Node (l, k, v, r)) = foldli f (f (k, v, foldli f acc l)) r
  fun listItemsi m = rev (foldli (fn (k, v, acc) => (k, v) :: acc) [] m)
  fun numItems m = foldli (fn (_, _, n) => n + 1) 0 m
end

structure StrMap = BSTMapFn (struct type ord_key = string val compare = String.compare end)
structure IntMap = BSTMapFn (struct type ord_key = int val compare = Int.compare end)

val text = "the quick brown fox jumps over the lazy dog the fox"
val counts = List.foldl (fn (w, m) => StrMap.insertWith op+ (m, w, 1)) StrMap.empty
                        (String.tokens (fn c => c = #" ") text)

(* a sparse vector: index -> coefficient *)
fun fromPairs l = List.foldl (fn ((i, x), m) => IntMap.insert (m, i, x)) IntMap.empty l
val v = fromPairs [(10, 3), (2, 7), (5, ~1), (7, 4)]
val w = IntMap.remove (IntMap.remove (v, 5), 99)
fun dot (a, b) = IntMap.foldli (fn (i, x, s) => case IntMap.find (b, i) of SOME y => s + x * y | NONE => s) 0 a

val result = (StrMap.listItemsi counts, StrMap.find (counts, "fox"), StrMap.find (counts, "cat"),
              IntMap.listItemsi w, dot (v, v), dot (v, w), IntMap.numItems v)
