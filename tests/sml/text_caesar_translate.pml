(* A Caesar cipher with String.translate and String.map, decoding by
 * trying every shift and scoring with String.isSubstring. *)
fun shift k c =
  if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
  else if Char.isUpper c then chr ((ord c - ord #"A" + k) mod 26 + ord #"A")
  else c

fun encode k s = String.map (shift k) s
val secret = encode 13 "The Quick Brown Fox, the end."

fun score s = List.length (List.filter (fn w => String.isSubstring w s) ["the", "end", "fox"])
val best = foldl (fn (k, (bk, bs)) => let val sc = score (encode k secret) in if sc > bs then (k, sc) else (bk, bs) end)
                 (0, ~1) (List.tabulate (26, fn i => i))

val spelled = String.translate (fn #" " => "_" | c => if Char.isPunct c then "" else str c) secret

val result = (secret, best, encode (#1 best) secret, spelled)
