(* Real.fmt corners: precision 0, half-way digits, zeros, nan and inf, Size. *)
val result = (Real.fmt (StringCvt.FIX (SOME 0)) 2.5, Real.fmt (StringCvt.SCI (SOME 0)) 2.5, Real.fmt (StringCvt.GEN (SOME 1)) 25.0,
              Real.fmt (StringCvt.FIX (SOME 1)) 0.25, Real.fmt (StringCvt.GEN (SOME 3)) 1234.0, Real.fmt (StringCvt.GEN (SOME 3)) 0.0001234,
              Real.fmt (StringCvt.SCI (SOME 2)) 9.999, Real.fmt (StringCvt.GEN (SOME 3)) 100.0, Real.fmt (StringCvt.SCI (SOME 1)) 1E~10,
              Real.fmt (StringCvt.FIX (SOME 2)) ~0.0, Real.fmt (StringCvt.SCI (SOME 2)) (1.0 / 0.0), Real.fmt (StringCvt.FIX (SOME 2)) (0.0 / 0.0),
              (Real.fmt (StringCvt.FIX (SOME ~1)) 1.0) handle Size => "size", (Real.fmt (StringCvt.GEN (SOME 0)) 1.0) handle Size => "size")
