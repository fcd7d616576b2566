(* A tokenizer for a small programming language: keywords, identifiers, numbers, strings, operators *)
datatype tok = KW of string | ID of string | NUM of int | STR of string | OP of string

val keywords = ["if", "then", "else", "let", "in", "end", "fun"]
fun isIdChar c = Char.isAlphaNum c orelse c = #"_"

fun tokenize s =
  let fun go ([], acc) = rev acc
        | go (c :: cs, acc) =
            if Char.isSpace c then go (cs, acc)
            else if Char.isAlpha c then
              let fun take (d :: ds, w) = if isIdChar d then take (ds, d :: w) else (rev w, d :: ds)
                    | take ([], w) = (rev w, [])
                  val (w, rest) = take (cs, [c])
                  val word = implode w
              in go (rest, (if List.exists (fn k => k = word) keywords then KW word else ID word) :: acc) end
            else if Char.isDigit c then
              let fun num (d :: ds, n) = if Char.isDigit d then num (ds, n * 10 + ord d - 48) else (n, d :: ds)
                    | num ([], n) = (n, [])
                  val (n, rest) = num (cs, ord c - 48)
              in go (rest, NUM n :: acc) end
            else if c = #"\"" then
              let fun str (#"\"" :: ds, w) = (implode (rev w), ds)
                    | str (d :: ds, w) = str (ds, d :: w)
                    | str ([], _) = raise Fail "unterminated string"
                  val (w, rest) = str (cs, [])
              in go (rest, STR w :: acc) end
            else case cs of
                     d :: ds => if List.exists (fn o2 => o2 = implode [c, d]) ["<=", ">=", "==", "->", "<>"]
                                then go (ds, OP (implode [c, d]) :: acc) else go (cs, OP (str c) :: acc)
                   | [] => go (cs, OP (str c) :: acc)
  in go (explode s, []) end

val result = (tokenize "let x1 = 42 in if x1 <= 100 then \"small\" else fun_y (x1) end",
              tokenize "a->b<>c==d", (tokenize "\"open"; []) handle Fail m => [STR m])
