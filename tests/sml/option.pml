(* option values: SOME, NONE, valOf, isSome, nested options. *)
fun find p [] = NONE
  | find p (x :: xs) = if p x then SOME x else find p xs
fun safeDiv (_, 0) = NONE
  | safeDiv (a, b) = SOME (a div b)
val a = find (fn x => x > 3) [1, 5, 2, 7]
val b = find (fn x => x > 30) [1, 5, 2, 7]
val result = (a, b, valOf a, isSome b, map safeDiv [(7, 2), (1, 0), (~9, 4)],
              SOME (SOME ~3), SOME NONE : int option option, [SOME 1.5, NONE])
