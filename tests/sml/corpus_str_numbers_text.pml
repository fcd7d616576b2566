(* Numbers in words, and parsing of simple English numbers back *)
val ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
val tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

fun words n =
  if n < 20 then List.nth (ones, n)
  else if n < 100 then List.nth (tens, n div 10) ^ (if n mod 10 = 0 then "" else "-" ^ List.nth (ones, n mod 10))
  else if n < 1000 then List.nth (ones, n div 100) ^ " hundred" ^ (if n mod 100 = 0 then "" else " and " ^ words (n mod 100))
  else words (n div 1000) ^ " thousand" ^ (if n mod 1000 = 0 then "" else (if n mod 1000 < 100 then " and " else " ") ^ words (n mod 1000))

fun index (x, l) =
  let fun go (_, []) = NONE | go (i, y :: ys) = if x = y then SOME i else go (i + 1, ys) in go (0, l) end

fun value w =
  case index (w, ones) of
      SOME v => v
    | NONE => (case String.fields (fn c => c = #"-") w of
                   [t, u] => valOf (index (t, tens)) * 10 + valOf (index (u, ones))
                 | _ => valOf (index (w, tens)) * 10)

val result = (map words [0, 7, 13, 20, 42, 99, 100, 115, 342, 1000, 2024, 12345, 999999],
              map value ["seventeen", "forty-two", "ninety", "six"])
