(* The longest palindromic substring, by expanding around centres and
 * returning a Substring slice of the original. *)
fun longest s =
  let
    val n = size s
    fun expand (i, j) =
      if i >= 0 andalso j < n andalso String.sub (s, i) = String.sub (s, j) then expand (i - 1, j + 1)
      else (i + 1, j - i - 1)
    fun best (k, (bi, bn)) =
      let val (i1, n1) = expand (k, k)
          val (i2, n2) = expand (k, k + 1)
          val (i, m) = if n1 >= n2 then (i1, n1) else (i2, n2)
      in if m > bn then (i, m) else (bi, bn) end
    val (i, m) = foldl best (0, 0) (List.tabulate (n, fn k => k))
  in Substring.substring (s, i, m) end

val cases = ["babad", "cbbd", "racecar level", "x", "forgeeksskeegfor"]
val found = map longest cases

val result = (map Substring.string found, map (#2 o Substring.base) found)
