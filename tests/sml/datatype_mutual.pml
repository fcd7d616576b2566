(* Mutually recursive datatypes and functions, both declared with `and`. *)
datatype exp = Num of int
             | Add of exp * exp
             | Mul of exp * exp
             | If of bexp * exp * exp
     and bexp = Less of exp * exp
              | Not of bexp
              | And of bexp * bexp
fun eval (Num n) = n
  | eval (Add (a, b)) = eval a + eval b
  | eval (Mul (a, b)) = eval a * eval b
  | eval (If (c, a, b)) = if test c then eval a else eval b
and test (Less (a, b)) = eval a < eval b
  | test (Not b) = not (test b)
  | test (And (a, b)) = test a andalso test b
val e = If (And (Less (Num 1, Num 2), Not (Less (Num 5, Num 3))),
            Add (Num 10, Mul (Num 3, Num ~4)),
            Num 0)
val result = (eval e, e, test (Not (Less (Num 2, Num 1))))
