(* The issue's example: with open Array at the top level, update and sub
 * are Array.update and Array.sub, so the update is seen (SML/NJ: 5). *)
open Array
val a = fromList [1, 2]
val _ = update (a, 0, 5)
val result = sub (a, 0)
