(* A functor-built binary-tree map keyed by strings, counting words and
 * listing them in order with their counts. *)
signature ORD_KEY = sig type ord_key val compare : ord_key * ord_key -> order end

functor TreeMap (K : ORD_KEY) =
struct
  datatype 'a map = E | T of 'a map * K.ord_key * 'a * 'a map
  val empty = E
  fun insertWith f (E, k, v) = T (E, k, v, E)
    | insertWith f (T (l, k', v', r), k, v) =
        (case K.compare (k, k') of
             LESS => T (insertWith f (l, k, v), k', v', r)
           | GREATER => T (l, k', v', insertWith f (r, k, v))
           | EQUAL => T (l, k', f (v', v), r))
  fun find (E, _) = NONE
    | find (T (l, k', v, r), k) =
        (case K.compare (k, k') of LESS => find (l, k) | GREATER => find (r, k) | EQUAL => SOME v)
  fun listItemsi E = []
    | listItemsi (T (l, k, v, r)) = listItemsi l @ [(k, v)] @ listItemsi r
end

structure SMap = TreeMap (struct type ord_key = string val compare = String.compare end)

val text = "one fish two fish red fish blue fish"
val m = foldl (fn (w, m) => SMap.insertWith op+ (m, w, 1)) SMap.empty (String.tokens Char.isSpace text)

val _ = List.app (fn (k, v) => print (k ^ " " ^ Int.toString v ^ "\n")) (SMap.listItemsi m)

val result = (SMap.listItemsi m, SMap.find (m, "fish"), SMap.find (m, "cat"))
