(* Symbolic differentiation and simplification of expressions *)
datatype expr = Const of int | Var of string | Add of expr * expr
              | Mul of expr * expr | Pow of expr * int

fun simp (Add (Const 0, e)) = simp e
  | simp (Add (e, Const 0)) = simp e
  | simp (Add (Const a, Const b)) = Const (a + b)
  | simp (Mul (Const 0, _)) = Const 0
  | simp (Mul (_, Const 0)) = Const 0
  | simp (Mul (Const 1, e)) = simp e
  | simp (Mul (e, Const 1)) = simp e
  | simp (Mul (Const a, Const b)) = Const (a * b)
  | simp (Pow (e, 1)) = simp e
  | simp (Pow (_, 0)) = Const 1
  | simp (Add (a, b)) = Add (simp a, simp b)
  | simp (Mul (a, b)) = Mul (simp a, simp b)
  | simp (Pow (e, n)) = Pow (simp e, n)
  | simp e = e

fun fix f x = let val y = f x in if y = x then x else fix f y end

fun deriv x (Const _) = Const 0
  | deriv x (Var y) = if x = y then Const 1 else Const 0
  | deriv x (Add (a, b)) = Add (deriv x a, deriv x b)
  | deriv x (Mul (a, b)) = Add (Mul (deriv x a, b), Mul (a, deriv x b))
  | deriv x (Pow (e, n)) = Mul (Mul (Const n, Pow (e, n - 1)), deriv x e)

fun show (Const n) = Int.toString n
  | show (Var v) = v
  | show (Add (a, b)) = "(" ^ show a ^ " + " ^ show b ^ ")"
  | show (Mul (a, b)) = show a ^ "*" ^ show b
  | show (Pow (e, n)) = show e ^ "^" ^ Int.toString n

fun eval env (Const n) = n
  | eval env (Var v) = env v
  | eval env (Add (a, b)) = eval env a + eval env b
  | eval env (Mul (a, b)) = eval env a * eval env b
  | eval env (Pow (e, n)) = let val b = eval env e
                                fun p 0 = 1 | p k = b * p (k - 1) in p n end

val e = Add (Mul (Const 3, Pow (Var "x", 3)), Add (Mul (Var "x", Var "y"), Const 7))
val d = fix simp (deriv "x" e)
val result = (show e, show d, eval (fn "x" => 2 | _ => 5) e, eval (fn "x" => 2 | _ => 5) d)
