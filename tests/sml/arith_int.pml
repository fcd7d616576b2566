(* Integer arithmetic: precedence and associativity of * div mod + -,
   unary minus, abs, min, max. *)
val a = 2 + 3 * 4 - 5
val b = 100 - 10 - 1
val c = 2 * 3 div 4 * 5
val d = ~7 + abs ~12 - abs 5
val e = ~ (3 + 4)
val f = 1000 mod 7 + 1000 div 7
val g = min (3, ~4) + max (10, 20)
val result = (a, b, c, d, e, f, g, 123456789 * 8)
