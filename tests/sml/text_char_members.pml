(* Char predicates and conversions over all printable ASCII, with
 * Char.chr raising Chr outside 0..255. *)
val all = List.tabulate (128, chr)

fun countIf p = List.length (List.filter p all)

val classes = map countIf [Char.isSpace, Char.isPunct, Char.isAlpha, Char.isDigit, Char.isCntrl,
                           Char.isAscii, Char.isGraph, Char.isPrint, Char.isHexDigit, Char.isUpper]

val chrError = (Char.chr 256; "none") handle Chr => "Chr"

val result = (classes, Char.toUpper #"q", Char.toLower #"Q", Char.ord #"A", Char.chr 97,
              Char.succ #"a", Char.pred #"b", chrError, Char.contains "aeiou" #"e",
              Char.notContains "aeiou" #"x", Char.fromString "\\065", Char.toCString #"\n",
              Char.< (#"a", #"b"), Char.compare (#"z", #"a"), Char.minChar, Char.maxChar,
              Char.toString #"\"", Char.fromString "")
