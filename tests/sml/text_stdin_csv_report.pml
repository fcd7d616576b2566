(* A CSV report from the standard input: a header line, then rows of
 * name,quantity,price; totals per row printed with padding. *)
fun chomp s = Substring.string (Substring.dropr (fn c => c = #"\n" orelse c = #"\r") (Substring.full s))

fun lines () =
  case TextIO.inputLine TextIO.stdIn of
      NONE => []
    | SOME l => chomp l :: lines ()

val header :: rows = lines ()

fun row line =
  case map (Substring.string o Substring.dropl Char.isSpace) (Substring.fields (fn c => c = #",") (Substring.full line)) of
      [name, q, p] => (case (Int.fromString q, Int.fromString p) of
                           (SOME q, SOME p) => SOME (name, q * p)
                         | _ => NONE)
    | _ => NONE

val items = List.mapPartial row rows
val _ = print (header ^ "\n")
val _ = List.app (fn (n, t) => print (StringCvt.padRight #" " 10 n ^ StringCvt.padLeft #" " 8 (Int.toString t) ^ "\n")) items

val result = (List.length rows, items, foldl (fn ((_, t), s) => s + t) 0 items)
