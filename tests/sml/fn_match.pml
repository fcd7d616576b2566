(* Anonymous functions with several clauses, and fn patterns. *)
val f = fn 0 => "zero" | 1 => "one" | _ => "many"
val g = fn (x, y) => x * 10 + y
val h = fn [] => 0 | (x :: _) => x
val k = fn NONE => ~1 | SOME (a, _) => a
val result = (map f [0, 1, 2], g (4, 2), h [], h [9, 8], k NONE, k (SOME (5, "x")),
              (fn x => fn y => x - y) 10 3)
