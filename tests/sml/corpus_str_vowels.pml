(* Character classification statistics over a paragraph *)
val text = "The Quick Brown Fox, aged 7, jumped over 2 lazy dogs; then it slept for 10 hours!"
fun isVowel c = Char.contains "aeiouAEIOU" c
fun count p = List.length (List.filter p (explode text))
val result = (count isVowel, count (fn c => Char.isAlpha c andalso not (isVowel c)), count Char.isDigit,
              count Char.isSpace, count Char.isPunct, count Char.isUpper,
              String.translate (fn c => if isVowel c then "" else str c) "programming language",
              implode (List.filter Char.isAlpha (explode text)) = String.concat (String.tokens (fn c => not (Char.isAlpha c)) text))
