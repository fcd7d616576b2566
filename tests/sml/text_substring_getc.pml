(* A hand-written scanner over Substring.getc: reads integers and
 * identifiers from an expression. *)
datatype token = NUM of int | ID of string | SYM of char

fun lex s =
  case Substring.getc s of
      NONE => []
    | SOME (c, rest) =>
        if Char.isSpace c then lex rest
        else if Char.isDigit c then
          let val (d, rest') = Substring.splitl Char.isDigit s
          in NUM (valOf (Int.fromString (Substring.string d))) :: lex rest' end
        else if Char.isAlpha c then
          let val (w, rest') = Substring.splitl Char.isAlphaNum s
          in ID (Substring.string w) :: lex rest' end
        else SYM c :: lex rest

val result = lex (Substring.full "x1 := 42 + y * (7 - z2)")
