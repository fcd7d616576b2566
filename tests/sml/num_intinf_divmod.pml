(* div/mod round toward minus infinity, quot/rem toward zero; divMod, quotRem. *)
val a = IntInf.fromInt ~7
val b = IntInf.fromInt 2
val big = IntInf.pow (10, 30) + 7
val result = (a div b, a mod b, IntInf.quot (a, b), IntInf.rem (a, b), IntInf.divMod (a, b),
              IntInf.quotRem (a, b), IntInf.divMod (big, IntInf.fromInt ~1000),
              (IntInf.div (big, IntInf.fromInt 0) handle Div => IntInf.fromInt 0))
