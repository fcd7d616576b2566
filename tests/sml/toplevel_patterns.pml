(* Top-level val bindings with patterns: tuples, lists, constructors,
   layered patterns, wildcards. *)
val (a, b) = (1, 2)
val [c, d, _] = [3, 4, 5]
val SOME e = SOME 6
val whole as (f, (g, h)) = (7, (8, "nine"))
val _ = "ignored"
val (i :: rest) = [10, 11, 12]
val result = (a + b + c + d + e + f + g, h, whole, i, rest)
