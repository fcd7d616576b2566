(* List members of SML/NJ's Basis beyond the prelude's first ones:
 * splitAt, sub, update, mapi, appi, foldri, findi, concatMap, revMap,
 * reduce, foldli. *)
val l = [10, 20, 30, 40]
val seen = ref ([] : int list)
val _ = List.appi (fn (i, x) => seen := (i * x) :: !seen) l

val result = (List.splitAt (l, 1), List.sub (l, 2), List.update (l, 3, 0),
              List.mapi (fn (i, x) => i + x) l, !seen,
              List.foldri (fn (i, x, acc) => (i, x) :: acc) [] l,
              List.foldli (fn (i, x, acc) => (i, x) :: acc) [] l,
              List.findi (fn (i, x) => i > 0 andalso x mod 3 = 0) l,
              List.concatMap (fn x => [x, x + 1]) [1, 5],
              List.revMap (fn x => x div 10) l,
              List.reduce op+ 0 l, List.reduce op+ 0 [],
              (List.sub (l, 4) handle Subscript => ~1),
              (List.splitAt (l, 5) handle Subscript => ([], [])))
