(* An interpreter for a small expression language with let, if and functions,
   environments as association lists, errors as exceptions *)
datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | Less of exp * exp | If of exp * exp * exp
             | Let of string * exp * exp | Lam of string * exp | App of exp * exp
datatype value = IntV of int | BoolV of bool | Closure of string * exp * (string * value) list

exception Unbound of string
exception TypeError of string

fun lookup (x, []) = raise Unbound x
  | lookup (x, (y, v) :: env) = if x = y then v else lookup (x, env)

fun eval env (Num n) = IntV n
  | eval env (Var x) = lookup (x, env)
  | eval env (Add (a, b)) = arith env (op +) (a, b)
  | eval env (Sub (a, b)) = arith env (op -) (a, b)
  | eval env (Mul (a, b)) = arith env (op * ) (a, b)
  | eval env (Less (a, b)) =
      (case (eval env a, eval env b) of
           (IntV x, IntV y) => BoolV (x < y)
         | _ => raise TypeError "<")
  | eval env (If (c, t, e)) =
      (case eval env c of
           BoolV true => eval env t
         | BoolV false => eval env e
         | _ => raise TypeError "if")
  | eval env (Let (x, e, body)) = eval ((x, eval env e) :: env) body
  | eval env (Lam (x, body)) = Closure (x, body, env)
  | eval env (App (f, a)) =
      (case eval env f of
           Closure (x, body, cenv) => eval ((x, eval env a) :: cenv) body
         | _ => raise TypeError "app")
and arith env f (a, b) =
      case (eval env a, eval env b) of
          (IntV x, IntV y) => IntV (f (x, y))
        | _ => raise TypeError "arith"

fun show (IntV n) = Int.toString n
  | show (BoolV b) = if b then "true" else "false"
  | show (Closure _) = "<fn>"

fun run e = show (eval [] e) handle Unbound x => "unbound " ^ x
                                  | TypeError s => "type error in " ^ s

val twice = Lam ("f", Lam ("x", App (Var "f", App (Var "f", Var "x"))))
val progs = [
  Let ("x", Num 5, Mul (Var "x", Add (Var "x", Num 1))),
  App (App (twice, Lam ("n", Mul (Var "n", Num 3))), Num 7),
  If (Less (Num 2, Num 1), Num 10, Num 20),
  Add (Num 1, Var "y"),
  Add (Num 1, Lam ("z", Var "z")),
  Let ("sq", Lam ("n", Mul (Var "n", Var "n")), Sub (App (Var "sq", Num 9), Num 1)),
  twice
]
val result = map run progs
