(* A trie of words over chars: insertion, membership, prefix completion and
   counting, the children kept as a sorted association list *)
datatype trie = T of bool * (char * trie) list

val empty = T (false, [])

fun insert (T (_, kids), []) = T (true, kids)
  | insert (T (fin, kids), c :: cs) =
      let fun ins [] = [(c, insert (empty, cs))]
            | ins ((k, t) :: rest) =
                if c = k then (k, insert (t, cs)) :: rest
                else if c < k then (c, insert (empty, cs)) :: (k, t) :: rest
                else (k, t) :: ins rest
      in T (fin, ins kids) end

fun descend (t, []) = SOME t
  | descend (T (_, kids), c :: cs) =
      case List.find (fn (k, _) => k = c) kids of
          SOME (_, t) => descend (t, cs)
        | NONE => NONE

fun member (t, w) = case descend (t, explode w) of SOME (T (fin, _)) => fin | NONE => false

fun words (T (fin, kids)) =
    (if fin then [""] else []) @ List.concat (map (fn (c, t) => map (fn w => str c ^ w) (words t)) kids)

fun complete (t, p) = case descend (t, explode p) of
                          SOME t' => map (fn w => p ^ w) (words t')
                        | NONE => []

fun size (T (fin, kids)) = foldl (fn ((_, t), n) => n + size t) (if fin then 1 else 0) kids

val dict = foldl (fn (w, t) => insert (t, explode w)) empty
                 ["car", "card", "care", "cart", "cat", "dog", "do", "dot", "zebra", "car"]
val result = (words dict, complete (dict, "car"), complete (dict, "do"), complete (dict, "x"),
              member (dict, "ca"), member (dict, "cat"), size dict)
