(* Cyclic data built through refs prints with SML/NJ's %n markers
 * instead of being unrolled to the print depth. *)
datatype node = Node of string * node option ref

fun ring names =
  let val cells = map (fn n => (n, ref NONE)) names
      val nodes = map Node cells
      fun link ((_, r) :: rest, next :: more) = (r := SOME next; link (rest, more))
        | link _ = ()
  in link (cells, tl nodes @ [hd nodes]); hd nodes end

fun names (Node (n, r), 0) = [n]
  | names (Node (n, ref (SOME next)), k) = n :: names (next, k - 1)
  | names (Node (n, ref NONE), _) = [n]

val result = (names (ring ["a", "b", "c"], 5), ring ["x"], ring ["p", "q"])
