(* A lexer that records line and column of every token in a record, and
   reports the position of the first illegal character *)
datatype kind = Ident of string | Number of int | Symbol of char
type token = {kind : kind, line : int, col : int}

exception LexError of {line : int, col : int, ch : char}

fun lex (s : string) : token list =
    let fun go ([], _, _, acc) = rev acc
          | go (#"\n" :: cs, line, _, acc) = go (cs, line + 1, 1, acc)
          | go (c :: cs, line, col, acc) =
              if Char.isSpace c then go (cs, line, col + 1, acc)
              else if Char.isAlpha c then
                  let fun take (d :: ds, w) = if Char.isAlphaNum d then take (ds, d :: w) else (rev w, d :: ds)
                        | take ([], w) = (rev w, [])
                      val (w, rest) = take (cs, [c])
                  in go (rest, line, col + List.length w, {kind = Ident (implode w), line = line, col = col} :: acc) end
              else if Char.isDigit c then
                  let fun take (d :: ds, n, k) = if Char.isDigit d then take (ds, n * 10 + ord d - 48, k + 1) else (n, k, d :: ds)
                        | take ([], n, k) = (n, k, [])
                      val (n, k, rest) = take (cs, ord c - 48, 1)
                  in go (rest, line, col + k, {kind = Number n, line = line, col = col} :: acc) end
              else if Char.contains "+-*/=();" c then go (cs, line, col + 1, {kind = Symbol c, line = line, col = col} :: acc)
              else raise LexError {line = line, col = col, ch = c}
    in go (explode s, 1, 1, []) end

fun describe ({kind = Ident s, line, col} : token) = s ^ "@" ^ Int.toString line ^ ":" ^ Int.toString col
  | describe {kind = Number n, line, col} = "#" ^ Int.toString n ^ "@" ^ Int.toString line ^ ":" ^ Int.toString col
  | describe {kind = Symbol c, line, col} = str c ^ "@" ^ Int.toString line ^ ":" ^ Int.toString col

fun tryLex s = map describe (lex s) handle LexError {line, col, ch} =>
                   ["error: " ^ Char.toString ch ^ " at " ^ Int.toString line ^ ":" ^ Int.toString col]

val result = (tryLex "x1 = 42;\n  y = (x1 + 7) * 3;", tryLex "a = b\n  $ c", List.length (lex "f(x) = x*x"))
