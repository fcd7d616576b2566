(* Symbolic differentiation with simplification, and evaluation at a point *)
datatype expr = Const of int | X | Add of expr * expr | Mul of expr * expr
              | Pow of expr * int | Neg of expr

fun simplify (Add (a, b)) =
      (case (simplify a, simplify b) of
           (Const 0, e) => e
         | (e, Const 0) => e
         | (Const m, Const n) => Const (m + n)
         | (e1, e2) => Add (e1, e2))
  | simplify (Mul (a, b)) =
      (case (simplify a, simplify b) of
           (Const 0, _) => Const 0
         | (_, Const 0) => Const 0
         | (Const 1, e) => e
         | (e, Const 1) => e
         | (Const m, Const n) => Const (m * n)
         | (e1, e2) => Mul (e1, e2))
  | simplify (Pow (e, 0)) = Const 1
  | simplify (Pow (e, 1)) = simplify e
  | simplify (Pow (e, n)) = Pow (simplify e, n)
  | simplify (Neg e) = (case simplify e of Const n => Const (~n) | Neg e' => e' | e' => Neg e')
  | simplify e = e

fun deriv (Const _) = Const 0
  | deriv X = Const 1
  | deriv (Add (a, b)) = Add (deriv a, deriv b)
  | deriv (Mul (a, b)) = Add (Mul (deriv a, b), Mul (a, deriv b))
  | deriv (Pow (e, n)) = Mul (Mul (Const n, Pow (e, n - 1)), deriv e)
  | deriv (Neg e) = Neg (deriv e)

fun pow (b, 0) = 1
  | pow (b, n) = b * pow (b, n - 1)
fun eval x (Const n) = n
  | eval x X = x
  | eval x (Add (a, b)) = eval x a + eval x b
  | eval x (Mul (a, b)) = eval x a * eval x b
  | eval x (Pow (e, n)) = pow (eval x e, n)
  | eval x (Neg e) = ~ (eval x e)

fun show (Const n) = Int.toString n
  | show X = "x"
  | show (Add (a, b)) = "(" ^ show a ^ " + " ^ show b ^ ")"
  | show (Mul (a, b)) = show a ^ "*" ^ show b
  | show (Pow (e, n)) = show e ^ "^" ^ Int.toString n
  | show (Neg e) = "-" ^ show e

val p = Add (Mul (Const 3, Pow (X, 3)), Add (Mul (Const 2, X), Neg (Const 7)))
val dp = simplify (deriv p)
val ddp = simplify (deriv dp)
val result = (show p, show dp, show ddp, map (fn x => (eval x p, eval x dp)) [0, 1, 2, ~1],
              show (simplify (deriv (Mul (X, X)))))
