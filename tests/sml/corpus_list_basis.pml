(* The List and ListPair structures as course code calls them *)
val l = List.tabulate (10, fn i => i * 3 mod 7)
val result = (l, List.length l, List.nth (l, 4), List.take (l, 3), List.drop (l, 7),
              List.filter (fn x => x > 3) l, List.exists (fn x => x = 6) l, List.all (fn x => x < 7) l,
              List.find (fn x => x > 4) l, List.partition (fn x => x mod 2 = 0) l,
              List.foldl op- 0 l, List.foldr op- 0 l, List.concat [[1, 2], [], [3]],
              List.rev l, List.null [], List.hd l, List.tl [1, 2], List.last l,
              List.mapPartial (fn x => if x > 4 then SOME (x * 10) else NONE) l,
              List.getItem [7, 8], ListPair.zip (l, ["a", "b"]), ListPair.map op* ([1, 2, 3], [4, 5, 6]),
              ListPair.foldl (fn (a, b, s) => a * b + s) 0 ([1, 2, 3], [4, 5, 6]),
              List.collate Int.compare ([1, 2, 3], [1, 2, 4]))
