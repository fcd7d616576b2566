(* Coin change: the number of ways and the fewest coins, by dynamic
   programming over a vector indexed by amount *)
fun ways (coins, amount) =
    let val init = Vector.tabulate (amount + 1, fn i => if i = 0 then 1 else 0)
        fun addCoin (c, table) =
            let fun fill (t, a) =
                    if a > amount then t
                    else fill (Vector.update (t, a, Vector.sub (t, a) + Vector.sub (t, a - c)), a + 1)
            in fill (table, c) end
    in Vector.sub (foldl addCoin init coins, amount) end

fun fewest (coins, amount) =
    let fun best (table, a) =
            foldl (fn (c, acc) =>
                      if c > a then acc
                      else case (Vector.sub (table, a - c), acc) of
                               (NONE, _) => acc
                             | (SOME k, NONE) => SOME (k + 1)
                             | (SOME k, SOME m) => SOME (Int.min (k + 1, m)))
                  NONE coins
        fun build (table, a) =
            if a > amount then table
            else build (Vector.update (table, a, best (table, a)), a + 1)
    in Vector.sub (build (Vector.tabulate (amount + 1, fn i => if i = 0 then SOME 0 else NONE), 1), amount) end

val result = (ways ([1, 2, 5], 11), ways ([2, 5, 3, 6], 10), ways ([7], 3),
              fewest ([1, 5, 10, 25], 63), fewest ([2], 3), fewest ([9, 6, 5, 1], 11))
