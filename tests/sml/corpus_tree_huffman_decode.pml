(* Huffman coding end to end: frequencies, tree built with a sorted
   list as priority queue, code table, encoding to a bit string and
   decoding back *)
datatype htree = Leaf of char * int | Node of htree * htree * int

fun weight (Leaf (_, w)) = w
  | weight (Node (_, _, w)) = w

fun frequencies s =
    foldl (fn (c, acc) => case List.partition (fn (d, _) => d = c) acc of
                              ([(_, n)], rest) => (c, n + 1) :: rest
                            | _ => (c, 1) :: acc) [] (explode s)

fun insert (t, []) = [t]
  | insert (t, u :: us) =
      if weight t <= weight u then t :: u :: us else u :: insert (t, us)

fun build [t] = t
  | build (a :: b :: rest) = build (insert (Node (a, b, weight a + weight b), rest))
  | build [] = raise Empty

fun codes (Leaf (c, _), prefix) = [(c, implode (rev prefix))]
  | codes (Node (l, r, _), prefix) = codes (l, #"0" :: prefix) @ codes (r, #"1" :: prefix)

fun encode (table, s) = String.concat (map (fn c => #2 (valOf (List.find (fn (d, _) => d = c) table))) (explode s))

fun decode (tree, bits) =
    let fun go (Leaf (c, _), bs, acc) = if null bs then rev (c :: acc) else go (tree, bs, c :: acc)
          | go (Node (l, r, _), #"0" :: bs, acc) = go (l, bs, acc)
          | go (Node (l, r, _), #"1" :: bs, acc) = go (r, bs, acc)
          | go (_, _, acc) = rev acc
    in implode (go (tree, explode bits, [])) end

val text = "abracadabra alakazam"
val tree = build (foldl insert [] (map Leaf (frequencies text)))
val table = codes (tree, [])
val bits = encode (table, text)
val result = (size bits, size text * 8, decode (tree, bits) = text, weight tree,
              List.length table)
