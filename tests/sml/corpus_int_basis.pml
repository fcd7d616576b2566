(* The Int, Real, Math and Option structures as course code calls them *)
val result = (Int.toString ~42, Int.fromString "123", Int.fromString "x1", Int.fromString " -7 ",
              Int.compare (3, 7), Int.min (3, 7), Int.max (3, 7), Int.abs ~5, Int.quot (~7, 2), Int.rem (~7, 2),
              ~7 div 2, ~7 mod 2, Int.sign ~3, Int.sign 0,
              Real.toString 3.25, Real.fromInt 7, Real.floor 2.7, Real.floor ~2.7, Real.round 2.5, Real.round 3.5,
              Real.trunc ~2.7, Real.ceil 2.1, Math.sqrt 2.0, Math.pow (2.0, 10.0), Real.compare (1.5, 0.5),
              Real.abs ~1.25, floor (Math.exp 1.0 * 1000.0), round (Math.ln 10.0 * 1000.0),
              Option.valOf (SOME 4), Option.getOpt (NONE, 9), Option.isSome (SOME ()), Option.map (fn x => x * 2) (SOME 21),
              getOpt (SOME 1, 2), isSome NONE, valOf (Int.fromString "5") + 1, 7.0 / 2.0, real 3 * 1.5)
