(* log2, sign, sameSign, abs, min, max and compare on IntInf. *)
val x = IntInf.pow (2, 64) - 1
val result = (IntInf.log2 x, IntInf.log2 (IntInf.fromInt 1), IntInf.sign (IntInf.fromInt ~5), IntInf.sign (IntInf.fromInt 0),
              IntInf.sameSign (IntInf.fromInt ~1, IntInf.fromInt ~9), IntInf.abs (~ x), IntInf.min (x, ~ x), IntInf.max (x, ~ x),
              IntInf.compare (x, x + 1), (IntInf.log2 (IntInf.fromInt 0) handle Domain => ~1))
