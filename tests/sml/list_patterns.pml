(* List patterns: [], [x], [x, y], x :: y :: rest, nested lists. *)
fun describe [] = "empty"
  | describe [_] = "one"
  | describe [x, y] = if x = y then "pair of equals" else "pair"
  | describe (x :: y :: _ :: rest) = "long, " ^ Int.toString (x + y) ^ " then " ^ describe rest
fun firsts [] = []
  | firsts ([] :: ls) = firsts ls
  | firsts ((x :: _) :: ls) = x :: firsts ls
fun pairs (a :: b :: rest) = (a, b) :: pairs rest
  | pairs _ = []
val result = (map describe [[], [1], [2, 2], [2, 3], [1, 2, 3], [1, 2, 3, 4, 5, 6]],
              firsts [[1, 2], [], [3], [], [4, 5, 6]],
              pairs [1, 2, 3, 4, 5])
