(* Tuples, projections #i, unit, nested tuples, tuple patterns. *)
val t = (1, "two", 3.0, (4, [5]), ())
val (a, _, _, (b, c), u) = t
fun swap (x, y) = (y, x)
fun rot3 (x, y, z) = (y, z, x)
val result = (#1 t, #2 t, #3 t, #4 t, #1 (#4 t), #5 t, a + b, c, u,
              swap (1, "x"), rot3 (1, 2, 3), (((1))), ((1, 2), (3, (4, 5))))
