(* IntInf.pow, including negative exponents (SML/NJ 110: 0, Div for 0). *)
val result = (IntInf.pow (2, 100), IntInf.pow (~3, 41), IntInf.pow (10, 0), IntInf.pow (7, 1),
              IntInf.pow (2, ~1), IntInf.pow (1, ~5), IntInf.pow (~1, ~3),
              (IntInf.pow (0, ~1) handle Div => IntInf.fromInt ~99))
