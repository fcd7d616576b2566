(* Mutual recursion with `and`, at top level and inside let. *)
fun isEven 0 = true
  | isEven n = isOdd (n - 1)
and isOdd 0 = false
  | isOdd n = isEven (n - 1)
fun collatzSteps n =
  let fun even (1, k) = k
        | even (m, k) = if m mod 2 = 0 then even (m div 2, k + 1) else odd (m, k)
      and odd (m, k) = even (3 * m + 1, k + 1)
  in even (n, 0) end
fun split [] = ([], [])
  | split (x :: xs) = let val (a, b) = split xs in (x :: b, a) end
val result = (map isEven [0, 1, 10, 77], map collatzSteps [1, 6, 27], split [1, 2, 3, 4, 5])
