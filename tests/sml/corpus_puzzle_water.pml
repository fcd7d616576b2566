(* The water jug puzzle by breadth-first search over states *)
val capA = 4
val capB = 3
fun moves (a, b) =
  [("fill A", (capA, b)), ("fill B", (a, capB)), ("empty A", (0, b)), ("empty B", (a, 0)),
   ("A to B", let val t = Int.min (a, capB - b) in (a - t, b + t) end),
   ("B to A", let val t = Int.min (b, capA - a) in (a + t, b - t) end)]

fun bfs ([], _) = NONE
  | bfs ((state, path) :: queue, seen) =
      if #1 state = 2 then SOME (rev path)
      else let val next = List.filter (fn (_, s) => not (List.exists (fn t => t = s) seen)) (moves state)
               val seen' = map #2 next @ seen
           in bfs (queue @ map (fn (m, s) => (s, m :: path)) next, seen') end

val result = (bfs ([((0, 0), [])], [(0, 0)]), Option.map List.length (bfs ([((0, 0), [])], [(0, 0)])))
