(* Real.fmt with FIX, SCI and GEN as SML/NJ writes them. *)
val xs = [3.14159, ~2.5, 0.005, 1E10, 0.0, 0.35, 2.675, 999.999]
val result = (map (Real.fmt (StringCvt.FIX (SOME 2))) xs, map (Real.fmt (StringCvt.SCI (SOME 3))) xs,
              map (Real.fmt (StringCvt.GEN (SOME 4))) xs, map (Real.fmt (StringCvt.FIX NONE)) [3.14159, 1E10],
              map (Real.fmt (StringCvt.SCI NONE)) [3.14159, 1E10], map (Real.fmt (StringCvt.GEN NONE)) [3.14159, 1E10, 0.1])
