(* Operator precedence and associativity, as in SML. *)
fun f x = x * 2
val result = (1 :: [2] @ [3], [1] @ [2] @ [3], 2 - ~3, 10 - 2 - 3, 2 * 3 + 4 * 5,
              f 3 + f 4, #1 (5, 6) + 1, not true = false, "a" ^ "b" = "ab",
              1 + 2 = 3 andalso 2 < 3 orelse false, 1 < 2 = true,
              ~ (f 2), 7 div 2 * 2 + 7 mod 2, 1.5 + 2.0 * 3.0, [1 + 1, 2 * 2])
