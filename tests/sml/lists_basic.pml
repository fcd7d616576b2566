(* List literals, ::, @, rev, hd, tl, null, List.length, List.nth. *)
val l = [1, 2, 3] @ [4] @ [] @ [5, 6]
val m = 0 :: l
val result = (m, rev m, hd l, tl l, null l, null [], List.length m,
              List.nth (m, 3), [[1], [], [2, 3]], [] @ [7])
