(* Closures over closures: parser combinators on lists of tokens, and
   Church numerals. *)
datatype tok = Num of int | Plus | Times | LParen | RParen
(* a parser takes tokens and returns SOME (value, rest) or NONE *)
fun num (Num n :: rest) = SOME (n, rest)
  | num _ = NONE
fun symbol s (t :: rest) = if t = s then SOME ((), rest) else NONE
  | symbol _ [] = NONE
fun alt p q ts = case p ts of NONE => q ts | r => r
fun seq p q f ts =
  case p ts of
      NONE => NONE
    | SOME (a, rest) => (case q rest of
                             NONE => NONE
                           | SOME (b, rest') => SOME (f (a, b), rest'))
fun expr ts = sumP ts
and sumP ts = chain (prodP, Plus, op +) ts
and prodP ts = chain (atom, Times, op * ) ts
and atom ts = alt num (seq (symbol LParen) (seq expr (symbol RParen) (fn (v, _) => v)) (fn (_, v) => v)) ts
and chain (p, s, f) ts =
  case p ts of
      NONE => NONE
    | SOME (a, rest) =>
        let fun loop (acc, ts) =
              case seq (symbol s) p (fn (_, b) => b) ts of
                  NONE => SOME (acc, ts)
                | SOME (b, rest') => loop (f (acc, b), rest')
        in loop (a, rest) end
val toks = [Num 2, Plus, Num 3, Times, LParen, Num 4, Plus, Num 1, RParen, Times, Num 2]
fun church 0 = (fn f => fn x => x)
  | church n = (fn f => fn x => f (church (n - 1) f x))
fun unchurch c = c (fn k => k + 1) 0
fun cadd (a, b) = fn f => fn x => a f (b f x)
fun cmul (a, b) = fn f => a (b f)
val result = (expr toks, expr [Num 1, Plus], expr [Plus],
              unchurch (cadd (church 3, church 4)), unchurch (cmul (church 3, church 5)))
