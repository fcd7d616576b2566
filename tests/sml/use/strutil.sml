(* The solution an exercise's test file loads: small string utilities. *)
fun capitalize s =
  case String.explode s of
      [] => ""
    | c :: cs => String.implode (Char.toUpper c :: map Char.toLower cs)

fun words s = String.tokens Char.isSpace s

fun titleCase s = String.concatWith " " (map capitalize (words s))

fun isPalindrome s =
  let val cs = List.filter Char.isAlpha (map Char.toLower (String.explode s))
  in cs = rev cs end

fun acronym s = String.implode (map (Char.toUpper o (fn w => String.sub (w, 0))) (words s))
