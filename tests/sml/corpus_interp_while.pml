(* An interpreter for a while-language with a store as an association list *)
datatype aexp = N of int | V of string | Add of aexp * aexp | Sub of aexp * aexp | Mul of aexp * aexp
datatype bexp = Lt of aexp * aexp | Eq of aexp * aexp | Not of bexp
datatype stmt = Assign of string * aexp | Seq of stmt list | If of bexp * stmt * stmt | While of bexp * stmt

fun lookup (s, x) = case List.find (fn (y, _) => y = x) s of SOME (_, v) => v | NONE => 0
fun set (s, x, v) = (x, v) :: List.filter (fn (y, _) => y <> x) s

fun a s (N n) = n
  | a s (V x) = lookup (s, x)
  | a s (Add (e, f)) = a s e + a s f
  | a s (Sub (e, f)) = a s e - a s f
  | a s (Mul (e, f)) = a s e * a s f
fun b s (Lt (e, f)) = a s e < a s f
  | b s (Eq (e, f)) = a s e = a s f
  | b s (Not c) = not (b s c)
fun exec s (Assign (x, e)) = set (s, x, a s e)
  | exec s (Seq ss) = foldl (fn (st, s) => exec s st) s ss
  | exec s (If (c, t, e)) = if b s c then exec s t else exec s e
  | exec s (w as While (c, body)) = if b s c then exec (exec s body) w else s

val factorial = Seq [Assign ("f", N 1), Assign ("i", N 1),
                     While (Not (Lt (V "n", V "i")), Seq [Assign ("f", Mul (V "f", V "i")), Assign ("i", Add (V "i", N 1))])]
val gcd = While (Not (Eq (V "a", V "b")),
                 If (Lt (V "a", V "b"), Assign ("b", Sub (V "b", V "a")), Assign ("a", Sub (V "a", V "b"))))
val result = (lookup (exec [("n", 10)] factorial, "f"), lookup (exec [("a", 1071), ("b", 462)] gcd, "a"),
              exec [("n", 3)] factorial)
