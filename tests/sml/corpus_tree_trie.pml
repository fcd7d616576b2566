(* A trie of words: insertion, membership, prefix completion, counting *)
datatype trie = Trie of bool * (char * trie) list

val empty = Trie (false, [])

fun insert (Trie (_, kids), []) = Trie (true, kids)
  | insert (Trie (e, kids), c :: cs) =
      let fun go [] = [(c, insert (empty, cs))]
            | go ((d, t) :: rest) = if c = d then (d, insert (t, cs)) :: rest else (d, t) :: go rest
      in Trie (e, go kids) end

fun find (t, []) = SOME t
  | find (Trie (_, kids), c :: cs) =
      case List.find (fn (d, _) => d = c) kids of SOME (_, t) => find (t, cs) | NONE => NONE

fun member (t, w) = case find (t, explode w) of SOME (Trie (e, _)) => e | NONE => false

fun words (Trie (e, kids), prefix) =
  (if e then [implode (rev prefix)] else []) @
  List.concat (map (fn (c, t) => words (t, c :: prefix)) kids)

fun complete (t, p) = case find (t, explode p) of SOME s => words (s, rev (explode p)) | NONE => []
fun count (Trie (e, kids)) = (if e then 1 else 0) + foldl (fn ((_, t), n) => n + count t) 0 kids

val t = foldl (fn (w, t) => insert (t, explode w)) empty
              ["car", "cart", "care", "cat", "dog", "do", "door", "card", "cat"]
val result = (member (t, "car"), member (t, "ca"), complete (t, "car"), complete (t, "do"),
              complete (t, "x"), count t)
