(* Breadth-first search for the shortest path in a grid maze given as
   strings: '#' walls, 'S' start, 'G' goal *)
val maze = ["S..#......",
            ".#.#.####.",
            ".#...#....",
            ".####.#.#.",
            "......#.#G"]

val rows = List.length maze
val cols = size (hd maze)
fun cell (r, c) = String.sub (List.nth (maze, r), c)
fun find ch =
    let fun go (r, c) = if r = rows then raise Fail "not found"
                        else if c = cols then go (r + 1, 0)
                        else if cell (r, c) = ch then (r, c) else go (r, c + 1)
    in go (0, 0) end

fun neighbours (r, c) =
    List.filter (fn (r', c') => r' >= 0 andalso r' < rows andalso c' >= 0 andalso c' < cols
                                andalso cell (r', c') <> #"#")
                [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]

fun bfs (start, goal) =
    let fun loop ([], _, _) = NONE
          | loop ((p, d) :: queue, seen, more) =
              if p = goal then SOME d
              else let val next = List.filter (fn q => not (List.exists (fn s => s = q) seen)) (neighbours p)
                   in loop' (queue, next @ seen, more @ map (fn q => (q, d + 1)) next) end
        and loop' ([], seen, []) = NONE
          | loop' ([], seen, more) = loop (more, seen, [])
          | loop' (queue, seen, more) = loop (queue, seen, more)
    in loop ([(start, 0)], [start], []) end

val result = (find #"S", find #"G", bfs (find #"S", find #"G"), bfs ((0, 0), (0, 2)),
              bfs ((0, 0), (0, 3)))
