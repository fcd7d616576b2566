(* An expression evaluator written once over a NUMBER signature and applied
   to integers and to exact rationals *)
signature NUMBER = sig
  type num
  exception DivZero
  val fromInt : int -> num
  val add : num * num -> num
  val sub : num * num -> num
  val mul : num * num -> num
  val divide : num * num -> num
  val toString : num -> string
end

structure IntNum : NUMBER = struct
  type num = int
  exception DivZero
  val fromInt = fn n => n
  val add = op+
  val sub = op-
  val mul = op*
  fun divide (_, 0) = raise DivZero
    | divide (a, b) = a div b
  val toString = Int.toString
end

structure RatNum : NUMBER = struct
  type num = int * int
  exception DivZero
  fun gcd (a, 0) = abs a
    | gcd (a, b) = gcd (b, a mod b)
  fun norm (_, 0) = raise DivZero
    | norm (n, d) =
        let val g = gcd (n, d) val s = if d < 0 then ~1 else 1
        in (s * n div g, s * d div g) end
  fun fromInt n = (n, 1)
  fun add ((a, b), (c, d)) = norm (a * d + c * b, b * d)
  fun sub ((a, b), (c, d)) = norm (a * d - c * b, b * d)
  fun mul ((a, b), (c, d)) = norm (a * c, b * d)
  fun divide ((a, b), (c, d)) = norm (a * d, b * c)
  fun toString (n, 1) = Int.toString n
    | toString (n, d) = Int.toString n ^ "/" ^ Int.toString d
end

datatype exp = N of int | Add of exp * exp | Sub of exp * exp | Mul of exp * exp | Div of exp * exp

functor Evaluator (Num : NUMBER) = struct
  fun eval (N n) = Num.fromInt n
    | eval (Add (a, b)) = Num.add (eval a, eval b)
    | eval (Sub (a, b)) = Num.sub (eval a, eval b)
    | eval (Mul (a, b)) = Num.mul (eval a, eval b)
    | eval (Div (a, b)) = Num.divide (eval a, eval b)
  fun run e = Num.toString (eval e) handle Num.DivZero => "division by zero"
end

structure IntEval = Evaluator (IntNum)
structure RatEval = Evaluator (RatNum)

val exps = [Div (N 7, N 2),
            Add (Div (N 1, N 3), Div (N 1, N 6)),
            Mul (Sub (N 2, N 5), Div (N 4, N 6)),
            Div (N 1, Sub (N 3, N 3)),
            Sub (Div (N 22, N 7), N 3)]

val _ = List.app (fn e => print (IntEval.run e ^ " | " ^ RatEval.run e ^ "\n")) exps

val result = (List.map IntEval.run exps, List.map RatEval.run exps)
