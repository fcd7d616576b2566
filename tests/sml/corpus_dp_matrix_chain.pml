(* Matrix-chain multiplication order by memoised dynamic programming,
   with the parenthesisation rebuilt from the split table *)
val dims = Vector.fromList [30, 35, 15, 5, 10, 20, 25]
val n = Vector.length dims - 1

fun d i = Vector.sub (dims, i)

(* cost (i, j) for 1 <= i <= j <= n, tabulated by chain length *)
fun solve () =
    let fun key (i, j) = (i - 1) * n + (j - 1)
        fun fill (tbl, len) =
            if len > n then tbl
            else
                let fun row (tbl, i) =
                        if i + len - 1 > n then tbl
                        else
                            let val j = i + len - 1
                                fun try (k, best) =
                                    if k >= j then best
                                    else
                                        let val (c1, _) = Vector.sub (tbl, key (i, k))
                                            val (c2, _) = Vector.sub (tbl, key (k + 1, j))
                                            val c = c1 + c2 + d (i - 1) * d k * d j
                                        in try (k + 1, case best of
                                                           NONE => SOME (c, k)
                                                         | SOME (b, _) => if c < b then SOME (c, k) else best) end
                            in row (Vector.update (tbl, key (i, j), valOf (try (i, NONE))), i + 1) end
                in fill (row (tbl, 1), len + 1) end
    in (fill (Vector.tabulate (n * n, fn _ => (0, 0)), 2), key) end

val (table, key) = solve ()
fun paren (i, j) =
    if i = j then "A" ^ Int.toString i
    else let val (_, k) = Vector.sub (table, key (i, j))
         in "(" ^ paren (i, k) ^ paren (k + 1, j) ^ ")" end

val result = (#1 (Vector.sub (table, key (1, n))), paren (1, n), #1 (Vector.sub (table, key (2, 5))))
