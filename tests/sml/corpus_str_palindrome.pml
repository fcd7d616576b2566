(* Palindromes: normalise, test, and find the longest palindromic substring *)
fun normalise s = implode (map Char.toLower (List.filter Char.isAlphaNum (explode s)))
fun isPal s = let val t = normalise s in t = implode (rev (explode t)) end

fun longestPal s =
  let val n = size s
      fun expand (i, j) =
        if i >= 0 andalso j < n andalso String.sub (s, i) = String.sub (s, j)
        then expand (i - 1, j + 1) else (i + 1, j - i - 1)
      fun best (k, (bi, bl)) =
        let val (i1, l1) = expand (k, k)
            val (i2, l2) = expand (k, k + 1)
            val (bi, bl) = if l1 > bl then (i1, l1) else (bi, bl)
        in if l2 > bl then (i2, l2) else (bi, bl) end
      val (i, l) = foldl best (0, 0) (List.tabulate (n, fn k => k))
  in substring (s, i, l) end

val result = (map isPal ["A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?", ""],
              map longestPal ["babad", "cbbd", "forgeeksskeegfor", "abacdfgdcaba", "x"])
