(* Union-find with path compression and union by rank on a persistent
   vector, used for Kruskal's minimum spanning tree *)
type uf = {parent : int vector, rank : int vector}

fun create n = {parent = Vector.tabulate (n, fn i => i), rank = Vector.tabulate (n, fn _ => 0)}

fun find ({parent, rank} : uf, x) =
    let val p = Vector.sub (parent, x) in
        if p = x then ({parent = parent, rank = rank}, x)
        else let val ({parent = p', rank = r'}, root) = find ({parent = parent, rank = rank}, p)
             in ({parent = Vector.update (p', x, root), rank = r'}, root) end
    end

fun union (u, a, b) =
    let val (u1, ra) = find (u, a)
        val (u2 as {parent, rank}, rb) = find (u1, b)
    in if ra = rb then (u2, false)
       else let val ka = Vector.sub (rank, ra) val kb = Vector.sub (rank, rb) in
                if ka < kb then ({parent = Vector.update (parent, ra, rb), rank = rank}, true)
                else if ka > kb then ({parent = Vector.update (parent, rb, ra), rank = rank}, true)
                else ({parent = Vector.update (parent, rb, ra), rank = Vector.update (rank, ra, ka + 1)}, true)
            end
    end

fun insertSorted (e, []) = [e]
  | insertSorted (e as (w, _, _), (f as (w', _, _)) :: r) =
      if w <= w' then e :: f :: r else f :: insertSorted (e, r)

fun kruskal (n, edges) =
    let fun go (_, [], acc) = rev acc
          | go (u, (w, a, b) :: rest, acc) =
              let val (u', joined) = union (u, a, b)
              in go (u', rest, if joined then (w, a, b) :: acc else acc) end
    in go (create n, foldl insertSorted [] edges, []) end

val edges = [(7, 0, 1), (5, 0, 3), (8, 1, 2), (9, 1, 3), (7, 1, 4), (5, 2, 4),
             (15, 3, 4), (6, 3, 5), (8, 4, 5), (9, 4, 6), (11, 5, 6)]
val mst = kruskal (7, edges)
val (u, _) = union (#1 (union (create 5, 0, 1)), 3, 4)
val result = (mst, foldl (fn ((w, _, _), s) => s + w) 0 mst,
              #2 (find (u, 1)) = #2 (find (u, 0)), #2 (find (u, 2)) = #2 (find (u, 3)))
