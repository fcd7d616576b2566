(* Rod cutting and the longest palindromic subsequence, both by bottom-up
   dynamic programming with the solutions reconstructed *)
val prices = Vector.fromList [0, 1, 5, 8, 9, 10, 17, 17, 20, 24, 30]

fun cutRod n =
    let fun best (tbl : (int * int) vector, j) =
            foldl (fn (i, (bv, bi)) =>
                      let val v = Vector.sub (prices, i) + #1 (Vector.sub (tbl, j - i))
                      in if v > bv then (v, i) else (bv, bi) end)
                  (~1, 0) (List.tabulate (j, fn i => i + 1))
        fun build (tbl, j) = if j > n then tbl else build (Vector.update (tbl, j, best (tbl, j)), j + 1)
        val tbl = build (Vector.tabulate (n + 1, fn _ => (0, 0)), 1)
        fun pieces 0 = []
          | pieces j = let val i = #2 (Vector.sub (tbl, j)) in i :: pieces (j - i) end
    in (#1 (Vector.sub (tbl, n)), pieces n) end

fun lps s =
    let val n = size s
        fun c i = String.sub (s, i)
        (* tables by length: l.(i) = lps of s[i .. i+len-1] *)
        fun grow (prev2, prev1, len) =
            if len > n then Vector.sub (prev1, 0)
            else
                let val cur = Vector.tabulate (n - len + 1, fn i =>
                        let val j = i + len - 1 in
                            if c i = c j then (if len = 2 then 2 else Vector.sub (prev2, i + 1) + 2)
                            else Int.max (Vector.sub (prev1, i), Vector.sub (prev1, i + 1))
                        end)
                in grow (prev1, cur, len + 1) end
    in if n = 0 then 0 else grow (Vector.tabulate (n + 1, fn _ => 0), Vector.tabulate (n, fn _ => 1), 2) end

val result = (map cutRod [4, 7, 10], map lps ["bbbab", "character", "racecar", "a", "abcd"])
