(* Real.toString's corners: large and small numbers, ~0.0, inf and nan. *)
val result = map Real.toString [1E10, 0.1, ~0.0, 1.0 / 0.0, ~1.0 / 0.0, 0.0 / 0.0, 123456789012.0, 1E~5, 3.14159265358979,
                                1E22, 100.0, 1234567.0, 0.000123, 1.5E~7, 1E12]
