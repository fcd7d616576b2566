(* An interpreter for a small expression language with let and if *)
datatype exp = Num of int | Bool of bool | Id of string
             | Prim of string * exp * exp | If of exp * exp * exp
             | Let of string * exp * exp

datatype value = IntV of int | BoolV of bool

exception TypeError of string
exception Unbound of string

fun lookup (x, []) = raise Unbound x
  | lookup (x, (y, v) :: env) = if x = y then v else lookup (x, env)

fun prim ("+", IntV a, IntV b) = IntV (a + b)
  | prim ("-", IntV a, IntV b) = IntV (a - b)
  | prim ("*", IntV a, IntV b) = IntV (a * b)
  | prim ("<", IntV a, IntV b) = BoolV (a < b)
  | prim ("=", IntV a, IntV b) = BoolV (a = b)
  | prim (p, _, _) = raise TypeError p

fun eval env (Num n) = IntV n
  | eval env (Bool b) = BoolV b
  | eval env (Id x) = lookup (x, env)
  | eval env (Prim (p, a, b)) = prim (p, eval env a, eval env b)
  | eval env (If (c, t, e)) =
      (case eval env c of BoolV true => eval env t
                        | BoolV false => eval env e
                        | _ => raise TypeError "if")
  | eval env (Let (x, e, body)) = eval ((x, eval env e) :: env) body

fun run e = (case eval [] e of IntV n => Int.toString n | BoolV b => if b then "true" else "false")
            handle TypeError p => "type error in " ^ p | Unbound x => "unbound " ^ x

val progs = [
  Let ("x", Num 5, Prim ("*", Id "x", Prim ("+", Id "x", Num 1))),
  If (Prim ("<", Num 3, Num 4), Num 10, Num 20),
  Let ("a", Num 2, Let ("b", Prim ("*", Id "a", Id "a"), Prim ("=", Id "b", Num 4))),
  Prim ("+", Bool true, Num 1),
  Prim ("+", Id "y", Num 1)]
val result = map run progs
