(* Reads the standard input a character at a time with TextIO.input1 and
 * TextIO.lookahead, counting lines, letters and digits. *)
fun count (lines, letters, digits) =
  case TextIO.input1 TextIO.stdIn of
      NONE => (lines, letters, digits)
    | SOME c =>
        count (if c = #"\n" then lines + 1 else lines,
               if Char.isAlpha c then letters + 1 else letters,
               if Char.isDigit c then digits + 1 else digits)

val first = TextIO.lookahead TextIO.stdIn
val head = TextIO.inputN (TextIO.stdIn, 5)

val result = (first, head, count (0, 0, 0), TextIO.input1 TextIO.stdIn, TextIO.lookahead TextIO.stdIn)
