(* Longest common subsequence by dynamic programming over rows *)
fun lcsTable (a, b) =
  let val m = size a
      val n = size b
      fun nextRow (prev, i) =
        let fun cell (j, left, acc) =
              if j > n then rev acc
              else let val v = if String.sub (a, i - 1) = String.sub (b, j - 1)
                               then List.nth (prev, j - 1) + 1
                               else Int.max (List.nth (prev, j), left)
                   in cell (j + 1, v, v :: acc) end
        in cell (1, 0, [0]) end
      fun rows (i, prev, acc) = if i > m then rev acc else
            let val r = nextRow (prev, i) in rows (i + 1, r, r :: acc) end
      val row0 = List.tabulate (n + 1, fn _ => 0)
  in row0 :: rows (1, row0, []) end

fun lcs (a, b) =
  let val t = lcsTable (a, b)
      fun at (i, j) = List.nth (List.nth (t, i), j)
      fun back (0, _, acc) = acc
        | back (_, 0, acc) = acc
        | back (i, j, acc) =
            if String.sub (a, i - 1) = String.sub (b, j - 1) then back (i - 1, j - 1, String.sub (a, i - 1) :: acc)
            else if at (i - 1, j) >= at (i, j - 1) then back (i - 1, j, acc)
            else back (i, j - 1, acc)
  in implode (back (size a, size b, [])) end

val result = (lcs ("ABCBDAB", "BDCABA"), lcs ("AGGTAB", "GXTXAYB"), lcs ("abc", "def"),
              List.last (List.last (lcsTable ("kitten", "sitting"))))
