(* A trie functor over an ordered alphabet: tries of strings (as char
   lists) and of int sequences, with insertion, lookup and prefix search *)
signature ALPHABET = sig
  type sym
  val compare : sym * sym -> order
end

functor TrieFn (A : ALPHABET) = struct
  datatype trie = Node of bool * (A.sym * trie) list
  val empty = Node (false, [])
  fun child (Node (_, kids), c) =
    case List.find (fn (c', _) => A.compare (c, c') = EQUAL) kids of SOME (_, t) => SOME t | NONE => NONE
  fun setChild (kids, c, t) =
    let fun go [] = [(c, t)]
          | go ((c', t') :: rest) =
              (case A.compare (c, c') of
                   LESS => (c, t) :: (c', t') :: rest
                 | EQUAL => (c, t) :: rest
                 | GREATER => (c', t') :: go rest)
    in go kids end
  fun insert (Node (_, kids), []) = Node (true, kids)
    | insert (node as Node (final, kids), c :: cs) =
        let val sub = getOpt (child (node, c), empty)
        in Node (final, setChild (kids, c, insert (sub, cs))) end
  fun member (Node (final, _), []) = final
    | member (node, c :: cs) = (case child (node, c) of SOME t => member (t, cs) | NONE => false)
  fun all (Node (final, kids)) =
    (if final then [[]] else []) @ List.concat (List.map (fn (c, t) => List.map (fn w => c :: w) (all t)) kids)
  fun withPrefix (node, []) = all node
    | withPrefix (node, c :: cs) =
        (case child (node, c) of SOME t => List.map (fn w => c :: w) (withPrefix (t, cs)) | NONE => [])
  fun size t = List.length (all t)
end

structure CharTrie = TrieFn (struct type sym = char val compare = Char.compare end)
structure IntTrie = TrieFn (struct type sym = int val compare = Int.compare end)

val words = ["tea", "ten", "to", "inn", "in", "tent", "team", "a"]
val t = List.foldl (fn (w, t) => CharTrie.insert (t, explode w)) CharTrie.empty words
val seqs = IntTrie.insert (IntTrie.insert (IntTrie.insert (IntTrie.empty, [1, 2, 3]), [1, 2]), [2])

val result = (List.map implode (CharTrie.all t), List.map implode (CharTrie.withPrefix (t, explode "te")),
              CharTrie.member (t, explode "te"), CharTrie.member (t, explode "inn"), CharTrie.size t,
              IntTrie.all seqs, IntTrie.withPrefix (seqs, [1, 2]))
