(* Shortest paths: Dijkstra over an adjacency list with a list as priority queue *)
val edges = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5), (3, 4, 3), (4, 5, 1), (2, 5, 9)]
val n = 6

fun adj u = List.mapPartial (fn (a, b, w) => if a = u then SOME (b, w) else NONE) edges

fun insertPQ ((d, v), []) = [(d, v)]
  | insertPQ ((d, v), (e, w) :: rest) =
      if d <= e then (d, v) :: (e, w) :: rest else (e, w) :: insertPQ ((d, v), rest)

fun dijkstra src =
  let fun loop ([], dist) = dist
        | loop ((d, u) :: pq, dist) =
            if d > sub (dist, u) then loop (pq, dist)
            else let fun relax ((v, w), (pq, dist)) =
                       if d + w < sub (dist, v) then (insertPQ ((d + w, v), pq), update (dist, v, d + w))
                       else (pq, dist)
                 in loop (foldl relax (pq, dist) (adj u)) end
      val inf = 1000000
  in toList (loop ([(0, src)], update (vector (n, inf), src, 0))) end

val result = (dijkstra 0, dijkstra 2, dijkstra 5)
