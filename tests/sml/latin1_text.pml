(* Latin-1 text, as older course files hold it: bytes above 127 that are
 * not UTF-8, in comments (résumé, naïve) and in strings. *)
val word = "café"
val n = size word
val last = ord (String.sub (word, 3))
val upper = String.map Char.toUpper "naïve"
val shown = String.toString "über"
fun count c s = List.length (List.filter (fn x => x = c) (explode s))
val accents = count #"é" "été déjà"
val result = (word, n, last, upper, shown, accents, "© 2024" < "®")
