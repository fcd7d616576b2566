(* Number formatting: bases, Roman numerals, digit sums, perfect numbers *)
fun toBase (b, 0) = "0"
  | toBase (b, n) =
      let fun go (0, acc) = acc
            | go (k, acc) = go (k div b, str (String.sub ("0123456789ABCDEF", k mod b)) ^ acc)
      in go (n, "") end

fun roman n =
  let val table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                   (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
      fun go (0, _) = ""
        | go (n, (v, s) :: rest) = if n >= v then s ^ go (n - v, (v, s) :: rest) else go (n, rest)
        | go (_, []) = raise Fail "roman"
  in go (n, table) end

fun digitSum n = if n < 10 then n else n mod 10 + digitSum (n div 10)
fun divisors n = List.filter (fn d => n mod d = 0) (List.tabulate (n - 1, fn i => i + 1))
fun perfect n = n > 1 andalso foldl op+ 0 (divisors n) = n

val result = (map (fn n => toBase (2, n)) [0, 5, 255], toBase (16, 48879), toBase (8, 511),
              map roman [1994, 2024, 3999, 4], digitSum 987654321,
              List.filter perfect (List.tabulate (500, fn i => i)))
