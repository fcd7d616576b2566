(* Precedence climbing over a token list: + - * / ^ (right associative),
   parentheses and unary minus, evaluated to integers *)
datatype token = TNum of int | TOp of char | TLParen | TRParen

exception Parse of string

fun tokenize s =
    let fun go [] = []
          | go (c :: cs) =
              if Char.isSpace c then go cs
              else if Char.isDigit c then
                  let fun digits (n, d :: ds) = if Char.isDigit d then digits (n * 10 + ord d - ord #"0", ds)
                                                else (n, d :: ds)
                        | digits (n, []) = (n, [])
                      val (n, rest) = digits (ord c - ord #"0", cs)
                  in TNum n :: go rest end
              else if c = #"(" then TLParen :: go cs
              else if c = #")" then TRParen :: go cs
              else if Char.contains "+-*/^" c then TOp c :: go cs
              else raise Parse ("bad character " ^ str c)
    in go (explode s) end

fun prec #"+" = 1 | prec #"-" = 1 | prec #"*" = 2 | prec #"/" = 2 | prec _ = 3
fun rightAssoc c = c = #"^"

fun pow (b, 0) = 1
  | pow (b, e) = b * pow (b, e - 1)

fun apply (#"+", a, b) = a + b
  | apply (#"-", a, b) = a - b
  | apply (#"*", a, b) = a * b
  | apply (#"/", a, b) = if b = 0 then raise Parse "division by zero" else a div b
  | apply (_, a, b) = pow (a, b)

fun primary (TNum n :: rest) = (n, rest)
  | primary (TOp #"-" :: rest) = let val (v, r) = primary rest in (~v, r) end
  | primary (TLParen :: rest) =
      (case expr (rest, 1) of
           (v, TRParen :: r) => (v, r)
         | _ => raise Parse "missing )")
  | primary _ = raise Parse "expected a number"
and expr (toks, minPrec) =
    let val (lhs, rest) = primary toks
        fun loop (lhs, TOp c :: rest) =
              if prec c >= minPrec then
                  let val next = if rightAssoc c then prec c else prec c + 1
                      val (rhs, r) = expr (rest, next)
                  in loop (apply (c, lhs, rhs), r) end
              else (lhs, TOp c :: rest)
          | loop (lhs, rest) = (lhs, rest)
    in loop (lhs, rest) end

fun calc s =
    (case expr (tokenize s, 1) of
         (v, []) => Int.toString v
       | _ => "trailing input")
    handle Parse msg => "error: " ^ msg

val result = map calc ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "100 / 7 / 2",
                       "-4 * (2 - 5)", "7 / (3 - 3)", "(1 + 2", "3 $ 4", "10 - 4 - 3"]
