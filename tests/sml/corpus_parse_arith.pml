(* Recursive-descent parser and evaluator for arithmetic with precedence *)
datatype token = NUM of int | PLUS | MINUS | TIMES | DIV | LP | RP

exception Lex of char
exception Parse of string

fun lex [] = []
  | lex (c :: cs) =
      if Char.isSpace c then lex cs
      else if Char.isDigit c then lexNum (cs, ord c - ord #"0")
      else (case c of
                #"+" => PLUS | #"-" => MINUS | #"*" => TIMES | #"/" => DIV
              | #"(" => LP | #")" => RP | _ => raise Lex c) :: lex cs
and lexNum (c :: cs, n) =
      if Char.isDigit c then lexNum (cs, n * 10 + ord c - ord #"0") else NUM n :: lex (c :: cs)
  | lexNum ([], n) = [NUM n]

(* grammar: expr is terms joined by + and -, term is factors joined by times and div *)
fun expr ts = let val (v, rest) = term ts in exprTail (v, rest) end
and exprTail (v, PLUS :: ts) = let val (w, r) = term ts in exprTail (v + w, r) end
  | exprTail (v, MINUS :: ts) = let val (w, r) = term ts in exprTail (v - w, r) end
  | exprTail (v, ts) = (v, ts)
and term ts = let val (v, rest) = factor ts in termTail (v, rest) end
and termTail (v, TIMES :: ts) = let val (w, r) = factor ts in termTail (v * w, r) end
  | termTail (v, DIV :: ts) = let val (w, r) = factor ts in termTail (v div w, r) end
  | termTail (v, ts) = (v, ts)
and factor (NUM n :: ts) = (n, ts)
  | factor (MINUS :: ts) = let val (v, r) = factor ts in (~v, r) end
  | factor (LP :: ts) =
      (case expr ts of (v, RP :: r) => (v, r) | _ => raise Parse "expected )")
  | factor _ = raise Parse "expected a factor"

fun calc s =
  (case expr (lex (explode s)) of
       (v, []) => Int.toString v
     | _ => "trailing input")
  handle Lex c => "bad character " ^ str c
       | Parse m => "parse error: " ^ m
       | Div => "division by zero"

val result = map calc ["1 + 2 * 3", "(1 + 2) * 3", "2 * (3 + 4) - 10 / 3", "-(4 - 6) * 7",
                       "100 / (5 - 5)", "2 $ 3", "(1 + 2", "1 2", "42"]
