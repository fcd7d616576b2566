(* Prim's minimum spanning tree on an adjacency-list graph, growing the tree
   from vertex 0 and choosing the lightest crossing edge each step *)
val graph = [(0, [(1, 4), (7, 8)]), (1, [(0, 4), (2, 8), (7, 11)]), (2, [(1, 8), (3, 7), (8, 2), (5, 4)]),
             (3, [(2, 7), (4, 9), (5, 14)]), (4, [(3, 9), (5, 10)]), (5, [(2, 4), (3, 14), (4, 10), (6, 2)]),
             (6, [(5, 2), (7, 1), (8, 6)]), (7, [(0, 8), (1, 11), (6, 1), (8, 7)]), (8, [(2, 2), (6, 6), (7, 7)])]

fun adj v = #2 (valOf (List.find (fn (u, _) => u = v) graph))
fun mem (x, l) = List.exists (fn y => y = x) l

fun prim start =
    let fun go (inTree, acc) =
            let val crossing = List.concat (map (fn u => map (fn (v, w) => (w, u, v))
                                                     (List.filter (fn (v, _) => not (mem (v, inTree))) (adj u)))
                                                inTree)
            in case crossing of
                   [] => rev acc
                 | e :: es =>
                     let val (w, u, v) = foldl (fn (e as (w, _, _), b as (bw, _, _)) => if w < bw then e else b) e es
                     in go (v :: inTree, (u, v, w) :: acc) end
            end
    in go ([start], []) end

val tree = prim 0
val result = (tree, foldl (fn ((_, _, w), s) => s + w) 0 tree, List.length tree)
