(* A small interpreter: expressions with variables, let and functions,
   environments as association lists. *)
datatype expr = Int of int
              | Var of string
              | Plus of expr * expr
              | Times of expr * expr
              | Let of string * expr * expr
              | Lam of string * expr
              | App of expr * expr
datatype value = IntV of int | Clo of string * expr * (string * value) list
fun lookup (x, []) = raise Fail ("unbound " ^ x)
  | lookup (x, (y, v) :: env) = if x = y then v else lookup (x, env)
fun ev env (Int n) = IntV n
  | ev env (Var x) = lookup (x, env)
  | ev env (Plus (a, b)) = arith (op +) (ev env a, ev env b)
  | ev env (Times (a, b)) = arith (op * ) (ev env a, ev env b)
  | ev env (Let (x, e, body)) = ev ((x, ev env e) :: env) body
  | ev env (Lam (x, body)) = Clo (x, body, env)
  | ev env (App (f, a)) =
      (case ev env f of
           Clo (x, body, cenv) => ev ((x, ev env a) :: cenv) body
         | IntV _ => raise Fail "not a function")
and arith f (IntV a, IntV b) = IntV (f (a, b))
  | arith _ _ = raise Fail "not a number"
val prog = Let ("double", Lam ("x", Plus (Var "x", Var "x")),
            Let ("y", Int 7,
             App (Var "double", Times (Var "y", Int ~3))))
val result = (ev [] prog, ev [] (Lam ("z", Var "z")))
