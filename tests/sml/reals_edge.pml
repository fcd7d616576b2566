(* Reals that print in less common ways: negative zero, powers of ten
   around the switch to E notation, many digits, integers as reals. *)
val result = [~0.0, 0.0 * ~1.0, 1e15, 1e16, 123456789012.0, 999999999999.0,
              9999999999999.0, 1073741823.0, real 1073741823, 0.1 * 3.0,
              1.0 / 7.0, ~1.0 / 7.0, 1e~7, 0.000123456789012345, 2.0e~300,
              1.7976931348623157e308, 100.0 / 3.0, 5.0e~1, 0.05]
