(* Knight moves: reachable squares in k moves and the minimum moves between squares (BFS) *)
val deltas = [(1, 2), (2, 1), (~1, 2), (~2, 1), (1, ~2), (2, ~1), (~1, ~2), (~2, ~1)]
fun onBoard (r, c) = r >= 0 andalso r < 8 andalso c >= 0 andalso c < 8
fun moves (r, c) = List.filter onBoard (map (fn (dr, dc) => (r + dr, c + dc)) deltas)
fun mem (x, l) = List.exists (fn y => y = x) l
fun dist (src, dst) =
  let fun bfs ([], _) = ~1
        | bfs ((p, d) :: q, seen) =
            if p = dst then d
            else let val nxt = List.filter (fn m => not (mem (m, seen))) (moves p)
                 in bfs (q @ map (fn m => (m, d + 1)) nxt, nxt @ seen) end
  in bfs ([(src, 0)], [src]) end
fun name (r, c) = str (chr (ord #"a" + c)) ^ Int.toString (r + 1)

val result = (map name (moves (0, 0)), List.length (moves (4, 4)), dist ((0, 0), (7, 7)), dist ((0, 0), (0, 1)),
              dist ((3, 3), (3, 3)), map (fn p => dist ((0, 0), p)) [(1, 2), (2, 2), (7, 0)])
