(* A substitution cipher with a keyword alphabet, and frequency analysis *)
fun dedupChars [] = []
  | dedupChars (c :: cs) = c :: dedupChars (List.filter (fn d => d <> c) cs)
val alphabet = explode "abcdefghijklmnopqrstuvwxyz"
fun keyAlphabet kw = dedupChars (explode kw @ alphabet)
fun position (c, l) = let fun go (_, []) = ~1 | go (i, d :: ds) = if c = d then i else go (i + 1, ds) in go (0, l) end
fun encrypt kw s = String.map (fn c => if Char.isLower c then List.nth (keyAlphabet kw, ord c - ord #"a") else c) s
fun decrypt kw s = String.map (fn c => if Char.isLower c then chr (ord #"a" + position (c, keyAlphabet kw)) else c) s
fun freq s = List.filter (fn (_, n) => n > 0)
  (map (fn c => (c, List.length (List.filter (fn d => d = c) (explode s)))) alphabet)

val msg = "meet me by the old oak tree at noon"
val enc = encrypt "zebras" msg
val result = (implode (keyAlphabet "zebras"), enc, decrypt "zebras" enc, List.take (freq msg, 6))
