(* Infix operators as values with op, and primitives as first-class values. *)
val ops = [op +, op -, op *, op div, op mod, min, max]
val result = (map (fn f => f (17, 5)) ops, foldr (op ::) [] [1, 2], (op @) ([1], [2]),
              map (op ~) [1, ~2], map abs [~3, 3], map Int.toString [~1, 1],
              (op ^) ("a", "b"), map real [1, 2], map not [true, false])
