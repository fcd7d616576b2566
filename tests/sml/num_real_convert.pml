(* round (to even), floor, ceil, trunc; their Overflow and Domain; isNan, isFinite, ==. *)
fun try f x = SOME (f x) handle Overflow => NONE | Domain => NONE
val result = (map Real.round [2.5, 3.5, ~2.5, 0.49], map Real.floor [1.5, ~1.5], map Real.ceil [1.5, ~1.5], map Real.trunc [1.9, ~1.9],
              try Real.floor 1E20, try Real.round (0.0 / 0.0), Real.isNan (0.0 / 0.0), Real.isFinite (1.0 / 0.0), Real.isFinite 1.0,
              Real.== (0.0, ~0.0), Real.!= (1.0, 2.0))
