(* Math members: inverse and hyperbolic functions, atan2, log10, with
 * results rounded for printing. *)
fun r3 x = Real.fromInt (round (x * 1000.0)) / 1000.0

val result = map r3 [Math.asin 0.5, Math.acos 0.5, Math.atan2 (1.0, ~1.0), Math.sinh 1.0,
                     Math.cosh 1.0, Math.tanh 0.5, Math.log10 12345.0, Math.atan 1.0 * 4.0]
