(* ListPair and Option members: zipEq and foldlEq (UnequalLengths),
 * mapi, appi, allEq, Option.app, filter, fold, compose, composePartial. *)
val names = ["a", "b", "c"]
val marks = [3, 1, 2]
val pairs = ListPair.zipEq (names, marks)
val unequal = (ListPair.zipEq (names, [1]); "zipped") handle ListPair.UnequalLengths => "UnequalLengths"
val total = ListPair.foldlEq (fn (n, m, acc) => acc + size n * m) 0 (names, marks)
val listed = ref ""
val _ = ListPair.appi (fn (i, n, m) => listed := !listed ^ Int.toString i ^ n ^ Int.toString m) (names, marks)
val opt = ref 0
val _ = Option.app (fn x => opt := x) (SOME 7)

val parseSmall = Option.composePartial (fn n => if n < 10 then SOME n else NONE, Int.fromString)

val result = (pairs, unequal, total, ListPair.mapi (fn (i, n, m) => (i, n ^ Int.toString m)) (names, marks),
              !listed, ListPair.allEq op<> ([1, 2], [2, 1]), ListPair.allEq op<> ([1], [2, 1]),
              !opt, Option.filter (fn x => x > 2) 3, Option.filter (fn x => x > 2) 1,
              Option.fold op+ 10 (SOME 5), Option.fold op+ 10 NONE,
              Option.compose (fn x => x * 2, Int.fromString) "21", parseSmall "7", parseSmall "12")
