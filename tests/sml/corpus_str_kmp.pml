(* Knuth-Morris-Pratt substring search: the failure table and all matches *)
fun failure p =
    let val m = size p
        fun build (tbl, i, k) =
            if i >= m then tbl
            else if String.sub (p, i) = String.sub (p, k) then
                build (Vector.update (tbl, i, k + 1), i + 1, k + 1)
            else if k > 0 then build (tbl, i, Vector.sub (tbl, k - 1))
            else build (Vector.update (tbl, i, 0), i + 1, 0)
    in build (Vector.tabulate (m, fn _ => 0), 1, 0) end

fun search (p, t) =
    let val m = size p
        val n = size t
        val f = failure p
        fun go (i, k, acc) =
            if i >= n then rev acc
            else if String.sub (t, i) = String.sub (p, k) then
                if k + 1 = m then go (i + 1, Vector.sub (f, k), (i - m + 1) :: acc)
                else go (i + 1, k + 1, acc)
            else if k > 0 then go (i, Vector.sub (f, k - 1), acc)
            else go (i + 1, 0, acc)
    in if m = 0 then [] else go (0, 0, []) end

fun naive (p, t) =
    List.filter (fn i => String.substring (t, i, size p) = p) (List.tabulate (size t - size p + 1, fn i => i))

val text = "abababcabababcababa"
val result = (Vector.foldr (op ::) [] (failure "ababcab"), search ("abab", text),
              search ("abc", text), search ("zz", text), search ("abab", text) = naive ("abab", text),
              search ("aa", "aaaaa"))
