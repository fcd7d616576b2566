(* A line diff from the longest common subsequence table: lines kept,
   deleted (-) and added (+), as diff prints them *)
fun lcsTable (a, b) =
    let val n = Vector.length a and m = Vector.length b
        fun row (prev, i) =
            (* row i from row i+1, filled right to left *)
            let fun fill (j, acc) =
                    if j < 0 then acc
                    else let val v = if Vector.sub (a, i) = Vector.sub (b, j)
                                     then 1 + Vector.sub (prev, j + 1)
                                     else Int.max (Vector.sub (prev, j), Vector.sub (acc, j + 1))
                         in fill (j - 1, Vector.update (acc, j, v)) end
            in fill (m - 1, Vector.tabulate (m + 1, fn _ => 0)) end
        fun build (i, rows) = if i < 0 then rows else build (i - 1, row (hd rows, i) :: rows)
    in Vector.fromList (build (n - 1, [Vector.tabulate (m + 1, fn _ => 0)])) end

fun diff (a, b) =
    let val a = Vector.fromList a and b = Vector.fromList b
        val t = lcsTable (a, b)
        fun get (i, j) = Vector.sub (Vector.sub (t, i), j)
        val n = Vector.length a and m = Vector.length b
        fun go (i, j) =
            if i = n then List.tabulate (m - j, fn k => "+ " ^ Vector.sub (b, j + k))
            else if j = m then List.tabulate (n - i, fn k => "- " ^ Vector.sub (a, i + k))
            else if Vector.sub (a, i) = Vector.sub (b, j) then ("  " ^ Vector.sub (a, i)) :: go (i + 1, j + 1)
            else if get (i + 1, j) >= get (i, j + 1) then ("- " ^ Vector.sub (a, i)) :: go (i + 1, j)
            else ("+ " ^ Vector.sub (b, j)) :: go (i, j + 1)
    in (get (0, 0), go (0, 0)) end

val old = ["fun f x =", "  let val y = x", "  in y * 2", "  end", "val z = f 3"]
val new = ["fun f x =", "  let val y = x + 1", "  in y * 2", "  end", "val w = 0", "val z = f 3"]
val result = (diff (old, new), #1 (diff (["a", "b"], ["c"])), diff ([], ["x"]))
