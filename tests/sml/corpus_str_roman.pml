(* Roman numerals both ways, with validation by round trip *)
val table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
             (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]

fun toRoman 0 = ""
  | toRoman n =
      let val (v, s) = valOf (List.find (fn (v, _) => v <= n) table)
      in s ^ toRoman (n - v) end

fun value #"I" = 1 | value #"V" = 5 | value #"X" = 10 | value #"L" = 50
  | value #"C" = 100 | value #"D" = 500 | value #"M" = 1000
  | value c = raise Fail ("not a numeral: " ^ str c)

fun fromRoman s =
    let fun go [] = 0
          | go [c] = value c
          | go (a :: b :: r) = if value a < value b then go (b :: r) - value a else value a + go (b :: r)
    in go (explode s) end

fun valid s = (toRoman (fromRoman s) = s) handle Fail _ => false

val years = [1987, 2024, 3999, 444, 14, 9]
val result = (map toRoman years, map (fn y => fromRoman (toRoman y)) years = years,
              map fromRoman ["MCMXCIV", "XLII", "IIII"], map valid ["XLII", "IIII", "ABC", "MMXX"])
