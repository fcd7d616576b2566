(* foldl and foldr: order of application, with non-commutative functions. *)
val l = [1, 2, 3, 4]
val result = (foldl (op -) 0 l, foldr (op -) 0 l,
              foldl (op ::) [] l, foldr (op ::) [] l,
              foldl (fn (x, s) => s ^ Int.toString x) "" l,
              foldr (fn (x, s) => s ^ Int.toString x) "" l,
              foldl (fn (x, (a, b)) => (b, a + x)) (0, 0) l)
