(* Towers of Hanoi: the list of moves, as (from, to) string pairs. *)
fun hanoi (0, _, _, _) = []
  | hanoi (n, from, to, via) =
      hanoi (n - 1, from, via, to) @ [(from, to)] @ hanoi (n - 1, via, to, from)
val result = (hanoi (3, "a", "c", "b"), List.length (hanoi (10, "a", "c", "b")))
