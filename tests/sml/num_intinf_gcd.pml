(* Euclid's gcd and modular exponentiation on IntInf. *)
fun gcd (a, b) = if b = IntInf.fromInt 0 then a else gcd (b, a mod b)
fun powmod (b, e, m) =
  if e = IntInf.fromInt 0 then IntInf.fromInt 1
  else let val h = powmod (b, e div IntInf.fromInt 2, m)
           val h2 = h * h mod m
       in if e mod IntInf.fromInt 2 = IntInf.fromInt 1 then h2 * b mod m else h2 end
val f = IntInf.pow (2, 64) + IntInf.fromInt 1
val result = (gcd (IntInf.pow (2, 80), IntInf.pow (6, 30)), powmod (IntInf.fromInt 3, IntInf.pow (10, 20), f),
              gcd (IntInf.fromInt 1071, IntInf.fromInt 462))
