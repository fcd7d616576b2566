(* Lexical details: nested comments, comment brackets inside strings,
   identifiers with primes and underscores, real literal forms. *)
(* a comment (* nested (* twice *) *) still a comment *)
val x' = 1
val x'' = x' + 1
val foo_bar2 = x'' * 10
val s = "(* not a comment *)"
val t = "a *) b"
val reals = [1E3, 2.5e~3, 1e0, 0.5E1, ~1.5e~2, 3.0e2, 1.25]
val ints = [~3, 007, 0, ~0]
val result = (x', x'', foo_bar2, s, t, size s, reals, ints) (* trailing comment *)
