(* Run-length encoding with Substring.splitl on the first character's
 * run, and decoding with StringCvt.splitl over the encoded text. *)
fun encode s =
  case Substring.first s of
      NONE => ""
    | SOME c =>
        let val (run, rest) = Substring.splitl (fn d => d = c) s
        in Int.toString (Substring.size run) ^ str c ^ encode rest end

fun decode s =
  case Substring.getc s of
      NONE => ""
    | SOME _ =>
        let val (n, rest) = Substring.splitl Char.isDigit s
        in case Substring.getc rest of
               SOME (c, rest') => StringCvt.padLeft c (valOf (Int.fromString (Substring.string n))) "" ^ decode rest'
             | NONE => ""
        end

val inputs = ["aaabccddddd", "x", "", "abc", "zzzzzzzzzzzz"]
val codes = map (encode o Substring.full) inputs

val result = (codes, map (decode o Substring.full) codes = inputs)
