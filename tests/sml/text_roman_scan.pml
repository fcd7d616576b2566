(* Roman numerals: formatting, and parsing over a StringCvt reader so that
 * StringCvt.scanString reads them from a string. *)
val table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
             (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]

fun toRoman 0 = ""
  | toRoman n = let val (v, s) = valOf (List.find (fn (v, _) => v <= n) table) in s ^ toRoman (n - v) end

fun value #"I" = SOME 1 | value #"V" = SOME 5 | value #"X" = SOME 10 | value #"L" = SOME 50
  | value #"C" = SOME 100 | value #"D" = SOME 500 | value #"M" = SOME 1000 | value _ = NONE

fun scanRoman getc src =
  let val (digits, rest) = StringCvt.splitl (isSome o value) getc (StringCvt.skipWS getc src)
      val vs = map (valOf o value) (explode digits)
      fun sum (a :: b :: r) = (if a < b then ~a else a) + sum (b :: r)
        | sum [a] = a
        | sum [] = 0
  in if digits = "" then NONE else SOME (sum vs, rest) end

val years = [1987, 2024, 3999, 4, 14, 444]

val result = (map toRoman years,
              map (StringCvt.scanString scanRoman o toRoman) years,
              StringCvt.scanString scanRoman "  XLII is the answer",
              StringCvt.scanString scanRoman "answer")
