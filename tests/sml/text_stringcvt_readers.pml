(* StringCvt's reader functions over a list of characters and over a
 * substring: splitl, takel, dropl, skipWS. *)
fun listGetc [] = NONE
  | listGetc (c :: cs) = SOME (c, cs)

val src = explode "   42 apples"
val afterWS = StringCvt.skipWS listGetc src
val (num, rest) = StringCvt.splitl Char.isDigit listGetc afterWS
val word = StringCvt.takel (not o Char.isSpace) listGetc (StringCvt.skipWS listGetc rest)

val ss = Substring.full "key:  value"
val key = StringCvt.takel (fn c => c <> #":") Substring.getc ss
val value = Substring.string (StringCvt.skipWS Substring.getc
                               (StringCvt.dropl (fn c => c <> #" ") Substring.getc ss))

val result = (implode afterWS, num, implode rest, word, key, value)
