(* IntInf.toString, fmt and fromString. *)
val n = IntInf.pow (3, 50)
val result = (IntInf.toString n, IntInf.toString (~ n), IntInf.fmt StringCvt.BIN (IntInf.fromInt 10),
              IntInf.fmt StringCvt.OCT (IntInf.fromInt 64), IntInf.fmt StringCvt.DEC n,
              IntInf.fromString "~123456789012345678901234567890", IntInf.fromString "  42abc", IntInf.fromString "x")
