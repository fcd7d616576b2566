(* A compiler from expressions to a stack machine, and the machine *)
datatype exp = Num of int | Plus of exp * exp | Times of exp * exp | Neg of exp
             | Var of string | Let of string * exp * exp
datatype instr = PUSH of int | ADD | MUL | NEG | LOAD of int | STORE | POP

fun index (x, [], _) = raise Fail ("unbound " ^ x)
  | index (x, y :: ys, i) = if x = y then i else index (x, ys, i + 1)

fun compile (Num n, env) = [PUSH n]
  | compile (Plus (a, b), env) = compile (a, env) @ compile (b, "" :: env) @ [ADD]
  | compile (Times (a, b), env) = compile (a, env) @ compile (b, "" :: env) @ [MUL]
  | compile (Neg a, env) = compile (a, env) @ [NEG]
  | compile (Var x, env) = [LOAD (index (x, env, 0))]
  | compile (Let (x, e, body), env) = compile (e, env) @ compile (body, x :: env) @ [STORE, POP]

fun exec ([], stack) = stack
  | exec (PUSH n :: is, st) = exec (is, n :: st)
  | exec (ADD :: is, b :: a :: st) = exec (is, a + b :: st)
  | exec (MUL :: is, b :: a :: st) = exec (is, a * b :: st)
  | exec (NEG :: is, a :: st) = exec (is, ~a :: st)
  | exec (LOAD i :: is, st) = exec (is, List.nth (st, i) :: st)
  | exec (STORE :: is, v :: _ :: st) = exec (is, v :: v :: st)
  | exec (POP :: is, v :: _ :: st) = exec (is, v :: st)
  | exec (_, _) = raise Fail "stack underflow"

fun eval (Num n, env) = n
  | eval (Plus (a, b), env) = eval (a, env) + eval (b, env)
  | eval (Times (a, b), env) = eval (a, env) * eval (b, env)
  | eval (Neg a, env) = ~(eval (a, env))
  | eval (Var x, env) = #2 (valOf (List.find (fn (y, _) => y = x) env))
  | eval (Let (x, e, b), env) = eval (b, (x, eval (e, env)) :: env)

val progs = [Plus (Num 1, Times (Num 2, Num 3)),
             Let ("x", Num 5, Plus (Var "x", Times (Var "x", Num 2))),
             Let ("a", Num 3, Let ("b", Neg (Var "a"), Times (Plus (Var "a", Num 1), Var "b"))),
             Times (Plus (Num 2, Num 3), Let ("y", Num 4, Plus (Var "y", Var "y")))]
val result = map (fn p => (exec (compile (p, []), []), eval (p, []))) progs
