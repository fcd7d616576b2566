(* Real arithmetic, conversions and comparisons (no = on reals in SML). *)
val x = 2.5
val conv = (floor x, floor (~x), round x, round 3.5, round (~x), trunc (~2.7),
            trunc 2.7, real 7 / 2.0, floor 1e9)
val cmp = (x < 3.0, x > 3.0, x <= 2.5, x >= 2.5, ~x < 0.0)
val r = sqrt 2.0 * sqrt 2.0
val near = abs (r - 2.0) < 1e~12
val mixed = real (7 div 2) + 0.25 * 4.0 - ~1.0
val result = (conv, cmp, near, mixed, sqrt 16.0, abs (~3.5), min (1, 2))
