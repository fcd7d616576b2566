(* Word counting with Substring: tokens over the whole text, no copying
 * until the words are compared. *)
val text = "the quick brown fox jumps over the lazy dog the end"

val words = Substring.tokens Char.isSpace (Substring.full text)

fun count w = List.length (List.filter (fn s => Substring.string s = w) words)

fun uniq [] = []
  | uniq (x :: xs) = x :: uniq (List.filter (fn y => y <> x) xs)

val distinct = uniq (map Substring.string words)

val result = (List.length words, map (fn w => (w, count w)) distinct)
