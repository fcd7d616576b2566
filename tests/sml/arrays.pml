(* Array: array, fromList, tabulate, sub, update, length, vector, the folds,
 * app, modify; Subscript and Size where SML raises them; equality is
 * identity. *)
val a = Array.array (4, 0)
val () = Array.update (a, 1, 10)
val () = Array.update (a, 3, 30)
val b = Array.fromList ["x", "y", "z"]
val () = Array.update (b, 2, "w")
val c = Array.tabulate (6, fn i => i * i)
val () = Array.modify (fn x => x + 1) c
val sum = Array.foldl (op +) 0 c
val back = Array.foldr (op ::) [] c
val order = Array.foldl (op ::) [] c
val seen = ref ([] : int list)
val () = Array.app (fn x => seen := x :: !seen) a
val indexed = ref 0
val () = Array.appi (fn (i, x) => indexed := !indexed + i * x) a
val sub_out = (Array.sub (a, 4); "no") handle Subscript => "Subscript"
val sub_neg = (Array.sub (a, ~1); "no") handle Subscript => "Subscript"
val upd_out = (Array.update (b, 3, "q"); "no") handle Subscript => "Subscript"
val size_neg = (Array.array (~2, 0); "no") handle Size => "Size"
val tab_neg = (Array.tabulate (~1, fn i => i); "no") handle Size => "Size"
val same = (a = a, Array.fromList [1] = Array.fromList [1])
val empty = Array.fromList ([] : int list)
val result = (a, b, c, Array.vector c, Array.length b, Array.length empty, sum, back, order,
              !seen, !indexed, sub_out, sub_neg, upd_out, size_neg, tab_neg, same,
              Array.exists (fn x => x > 20) c, Array.all (fn x => x > 0) c)
