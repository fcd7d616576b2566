(* Number bases: integers to and from binary, octal and hexadecimal
   strings, with validation of digits *)
val digits = "0123456789abcdef"

fun toBase (b, 0) = "0"
  | toBase (b, n) =
      let fun go (0, acc) = acc
            | go (k, acc) = go (k div b, String.sub (digits, k mod b) :: acc)
      in if n < 0 then "-" ^ implode (go (~n, [])) else implode (go (n, [])) end

exception BadDigit of char

fun digitValue c =
    let val c = Char.toLower c
        fun find i = if i = 16 then raise BadDigit c
                     else if String.sub (digits, i) = c then i else find (i + 1)
    in find 0 end

fun fromBase (b, s) =
    foldl (fn (c, acc) => let val d = digitValue c
                          in if d >= b then raise BadDigit c else acc * b + d end) 0 (explode s)

val ns = [0, 5, 255, 1000, 4095, ~42]
val result = (map (fn n => toBase (2, n)) ns, map (fn n => toBase (16, n)) ns, map (fn n => toBase (8, n)) ns,
              fromBase (16, "FF"), fromBase (2, "101101"), List.all (fn n => n < 0 orelse fromBase (7, toBase (7, n)) = n) ns,
              (fromBase (8, "19"); #" ") handle BadDigit c => c)
