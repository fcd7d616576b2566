(* Undirected graphs as edge lists: cycle detection by DFS with parents,
   bipartiteness by two-colouring, and connected component sizes *)
fun neighbours (edges, v) =
    List.mapPartial (fn (a, b) => if a = v then SOME b else if b = v then SOME a else NONE) edges

fun hasCycle (n, edges) =
    let exception CycleFound
        fun dfs (v, parent, seen) =
            foldl (fn (w, seen) =>
                      if w = parent then seen
                      else if List.exists (fn s => s = w) seen then raise CycleFound
                      else dfs (w, v, w :: seen)) seen (neighbours (edges, v))
        fun all (v, seen) = if v = n then false
                            else if List.exists (fn s => s = v) seen then all (v + 1, seen)
                            else all (v + 1, dfs (v, ~1, v :: seen))
    in all (0, []) handle CycleFound => true end

fun bipartite (n, edges) =
    let exception Odd
        fun colour (v, c, cols) =
            case List.find (fn (u, _) => u = v) cols of
                SOME (_, c') => if c = c' then cols else raise Odd
              | NONE => foldl (fn (w, cols) => colour (w, not c, cols)) ((v, c) :: cols) (neighbours (edges, v))
        fun all (v, cols) = if v = n then true
                            else if List.exists (fn (u, _) => u = v) cols then all (v + 1, cols)
                            else all (v + 1, colour (v, true, cols))
    in all (0, []) handle Odd => false end

fun componentSizes (n, edges) =
    let fun reach ([], seen) = seen
          | reach (v :: stack, seen) =
              if List.exists (fn s => s = v) seen then reach (stack, seen)
              else reach (neighbours (edges, v) @ stack, v :: seen)
        fun go (v, seen, sizes) =
            if v = n then rev sizes
            else if List.exists (fn s => s = v) seen then go (v + 1, seen, sizes)
            else let val comp = reach ([v], []) in go (v + 1, comp @ seen, List.length comp :: sizes) end
    in go (0, [], []) end

val tree = (6, [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5)])
val square = (4, [(0, 1), (1, 2), (2, 3), (3, 0)])
val triangle = (5, [(0, 1), (1, 2), (2, 0), (3, 4)])
val result = (map hasCycle [tree, square, triangle], map bipartite [tree, square, triangle],
              map componentSizes [tree, square, triangle, (4, [])])
