(* A type checker for a tiny typed lambda calculus with ints, bools,
   pairs and functions, reporting the first type error as an exception *)
datatype ty = TInt | TBool | TArrow of ty * ty | TPair of ty * ty
datatype term = I of int | B of bool | V of string | Lam of string * ty * term | Ap of term * term
              | Pair of term * term | Fst of term | Snd of term | IfT of term * term * term
              | Plus of term * term | Eq of term * term

exception TypeErr of string

fun show TInt = "int"
  | show TBool = "bool"
  | show (TArrow (a, b)) = "(" ^ show a ^ " -> " ^ show b ^ ")"
  | show (TPair (a, b)) = "(" ^ show a ^ " * " ^ show b ^ ")"

fun expect (want, got, what) =
    if want = got then () else raise TypeErr (what ^ ": expected " ^ show want ^ ", got " ^ show got)

fun check env (I _) = TInt
  | check env (B _) = TBool
  | check env (V x) = (case List.find (fn (y, _) => y = x) env of
                           SOME (_, t) => t
                         | NONE => raise TypeErr ("unbound " ^ x))
  | check env (Lam (x, t, body)) = TArrow (t, check ((x, t) :: env) body)
  | check env (Ap (f, a)) =
      (case check env f of
           TArrow (t1, t2) => (expect (t1, check env a, "argument"); t2)
         | t => raise TypeErr ("not a function: " ^ show t))
  | check env (Pair (a, b)) = TPair (check env a, check env b)
  | check env (Fst p) = (case check env p of TPair (a, _) => a | t => raise TypeErr ("fst of " ^ show t))
  | check env (Snd p) = (case check env p of TPair (_, b) => b | t => raise TypeErr ("snd of " ^ show t))
  | check env (IfT (c, t, e)) =
      let val () = expect (TBool, check env c, "condition")
          val tt = check env t
      in expect (tt, check env e, "else branch"); tt end
  | check env (Plus (a, b)) = (expect (TInt, check env a, "left of +"); expect (TInt, check env b, "right of +"); TInt)
  | check env (Eq (a, b)) = (expect (check env a, check env b, "="); TBool)

fun typeOf t = show (check [] t) handle TypeErr m => "error: " ^ m

val swap = Lam ("p", TPair (TInt, TBool), Pair (Snd (V "p"), Fst (V "p")))
val result = map typeOf [
  Plus (I 1, I 2),
  Lam ("x", TInt, IfT (Eq (V "x", I 0), B true, B false)),
  swap,
  Ap (swap, Pair (I 1, B false)),
  Ap (swap, Pair (B true, I 1)),
  IfT (I 1, I 2, I 3),
  Ap (I 3, I 4),
  Lam ("f", TArrow (TInt, TInt), Lam ("x", TInt, Ap (V "f", Ap (V "f", V "x")))),
  Fst (V "q")
]
