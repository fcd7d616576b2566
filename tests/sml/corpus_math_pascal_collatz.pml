(* Pascal's triangle rows, Collatz sequence lengths, perfect and amicable
   numbers: the usual first-week exercises *)
fun nextRow row = ListPair.map op+ (0 :: row, row @ [0])
fun pascal n = List.tabulate (n, fn k => let fun go (0, r) = r | go (i, r) = go (i - 1, nextRow r) in go (k, [1]) end)

fun collatz 1 = 0
  | collatz n = 1 + collatz (if n mod 2 = 0 then n div 2 else 3 * n + 1)

fun divisorSum n = foldl op+ 0 (List.filter (fn d => n mod d = 0) (List.tabulate (n - 1, fn i => i + 1)))
fun perfect n = n > 1 andalso divisorSum n = n
fun amicable (a, b) = a <> b andalso divisorSum a = b andalso divisorSum b = a

val longest = foldl (fn (n, (bn, bl)) => let val l = collatz n in if l > bl then (n, l) else (bn, bl) end)
                    (1, 0) (List.tabulate (30, fn i => i + 1))
val result = (pascal 7, map collatz [1, 6, 7, 27], longest,
              List.filter perfect (List.tabulate (500, fn i => i)), amicable (220, 284), amicable (6, 6))
