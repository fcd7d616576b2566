(* Huffman coding: build the tree from frequencies, encode and decode a message *)
datatype htree = Leaf of char * int | Node of htree * htree * int

fun weight (Leaf (_, w)) = w
  | weight (Node (_, _, w)) = w

fun insertT (t, []) = [t]
  | insertT (t, u :: us) = if weight t <= weight u then t :: u :: us else u :: insertT (t, us)

fun build [t] = t
  | build (a :: b :: rest) = build (insertT (Node (a, b, weight a + weight b), rest))
  | build [] = raise Empty

fun freqs s =
  let fun add (c, []) = [(c, 1)]
        | add (c, (d, n) :: rest) = if c = d then (d, n + 1) :: rest else (d, n) :: add (c, rest)
  in foldl add [] (explode s) end

fun codes (Leaf (c, _), path) = [(c, implode (rev path))]
  | codes (Node (l, r, _), path) = codes (l, #"0" :: path) @ codes (r, #"1" :: path)

fun encode (table, s) = String.concat (map (fn c => #2 (valOf (List.find (fn (d, _) => d = c) table))) (explode s))

fun decode (tree, bits) =
  let fun go (Leaf (c, _), bs, acc) = if null bs then rev (c :: acc) else go (tree, bs, c :: acc)
        | go (Node (l, r, _), #"0" :: bs, acc) = go (l, bs, acc)
        | go (Node (l, r, _), #"1" :: bs, acc) = go (r, bs, acc)
        | go (_, _, acc) = raise Fail "bad code"
  in implode (go (tree, explode bits, [])) end

val msg = "abracadabra alakazam"
val fs = foldl insertT [] (map Leaf (freqs msg))
val tree = build fs
val table = codes (tree, [])
val bits = encode (table, msg)
val result = (weight tree, size bits, decode (tree, bits) = msg, List.length table)
