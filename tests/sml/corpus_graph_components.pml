(* Connected components by repeated DFS, and cycle detection in an undirected graph *)
val n = 10
val edges = [(0, 1), (1, 2), (2, 0), (3, 4), (5, 6), (6, 7), (8, 8)]
fun neighbours v = List.concat (map (fn (a, b) => if a = v then [b] else if b = v then [a] else []) edges)

fun dfs ([], seen) = seen
  | dfs (v :: stack, seen) =
      if List.exists (fn u => u = v) seen then dfs (stack, seen) else dfs (neighbours v @ stack, v :: seen)

fun components () =
  let fun go (v, (seen, comps)) =
        if List.exists (fn u => u = v) seen then (seen, comps)
        else let val c = dfs ([v], []) in (c @ seen, List.rev c :: comps) end
  in rev (#2 (foldl go ([], []) (List.tabulate (n, fn i => i)))) end

(* union-find with a vector of parents *)
fun find (p, x) = if sub (p, x) = x then x else find (p, sub (p, x))
fun hasCycle es =
  let fun go ([], _) = false
        | go ((a, b) :: rest, p) =
            let val ra = find (p, a) val rb = find (p, b)
            in ra = rb orelse go (rest, update (p, ra, rb)) end
  in go (es, Vector.tabulate (n, fn i => i)) end

val result = (components (), List.length (components ()), hasCycle edges, hasCycle [(0, 1), (1, 2), (3, 4)])
