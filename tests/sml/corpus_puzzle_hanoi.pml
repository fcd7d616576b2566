(* Towers of Hanoi: the moves, their count, and a simulation checking legality *)
fun hanoi (0, _, _, _) = []
  | hanoi (n, from, to, via) = hanoi (n - 1, from, via, to) @ [(from, to)] @ hanoi (n - 1, via, to, from)

fun get (pegs, p) = List.nth (pegs, p)
fun set (pegs, p, v) = List.tabulate (3, fn i => if i = p then v else List.nth (pegs, i))

exception Illegal of int * int
fun move (pegs, (a, b)) =
  case get (pegs, a) of
      [] => raise Illegal (a, b)
    | d :: rest =>
        (case get (pegs, b) of
             e :: _ => if d > e then raise Illegal (a, b) else set (set (pegs, a, rest), b, d :: get (pegs, b))
           | [] => set (set (pegs, a, rest), b, [d]))

fun simulate n = foldl (fn (m, p) => move (p, m)) [List.tabulate (n, fn i => i + 1), [], []] (hanoi (n, 0, 2, 1))

val result = (hanoi (3, 0, 2, 1), map (fn n => List.length (hanoi (n, 0, 2, 1))) [1, 2, 5, 10],
              simulate 6, (move ([[2], [1], []], (0, 1)); "legal") handle Illegal (a, b) => "illegal " ^ Int.toString a)
