(* raise Fail in branches and arms that are not taken does nothing. *)
fun safeHd [] = raise Fail "empty"
  | safeHd (x :: _) = x
fun check n = if n < 0 then raise Fail "negative" else n * 2
fun choose b = case b of true => "yes" | false => raise Fail "no"
val result = (safeHd [3, 4], check 21, choose true, if false then raise Fail "x" else 1)
