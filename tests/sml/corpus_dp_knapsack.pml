(* 0/1 knapsack with a vector per row, and coin change counting *)
fun knapsack (items, cap) =
  let fun row (v, (w, value)) =
        Vector.tabulate (cap + 1, fn c =>
          if c >= w then Int.max (sub (v, c), sub (v, c - w) + value) else sub (v, c))
  in sub (foldl (fn (it, v) => row (v, it)) (vector (cap + 1, 0)) items, cap) end

fun change (coins, amount) =
  let fun add (coin, ways) =
        let fun go (a, acc) =
              if a > amount then fromList (rev acc)
              else let val here = sub (ways, a) + (if a >= coin then List.nth (acc, coin - 1) else 0)
                   in go (a + 1, here :: acc) end
        in go (1, [sub (ways, 0)]) end
  in sub (foldl add (update (vector (amount + 1, 0), 0, 1)) coins, amount) end

val items = [(12, 4), (2, 2), (1, 1), (1, 2), (4, 10)]
val result = (knapsack (items, 15), knapsack ([(5, 10), (4, 40), (6, 30), (3, 50)], 10),
              change ([1, 2, 5], 11), change ([2, 5, 3, 6], 10), change ([1, 5, 10, 25, 50], 100))
