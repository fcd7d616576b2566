datatype exp = Num of int | Let of dec * exp
and dec = Val of string * exp
fun ev (Num n) = n
  | ev (Let (Val (_, e1), e2)) = ev e1 + ev e2
val result = ev (Let (Val ("x", Num 1), Num 2))
