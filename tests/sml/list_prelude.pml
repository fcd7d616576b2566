(* The List functions the prelude provides, against the Basis. *)
val l = [4, 8, 15, 16, 23, 42]
val result = (List.take (l, 2), List.drop (l, 4), List.exists (fn x => x > 40) l,
              List.all (fn x => x mod 2 = 0) l, List.tabulate (4, fn i => i * i),
              List.concat [[1], [], [2, 3]], List.last l, List.nth (l, 2),
              List.null l, List.hd l, List.tl [1], List.rev l, List.length l,
              List.map (fn x => x div 4) l, List.filter (fn x => x > 15) l,
              List.foldl (op +) 0 l, List.foldr (op -) 0 l,
              List.find (fn x => x > 10) l, List.partition (fn x => x < 16) l,
              valOf (SOME 1), isSome (SOME 1), Real.fromInt 3, Math.sqrt 9.0)
