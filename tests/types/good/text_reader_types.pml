(* StringCvt's reader type and the substring type in annotations: a
 * scanner polymorphic in its source, used over a substring and through
 * StringCvt.scanString. *)
fun digits (getc : (char, 'a) StringCvt.reader) (src : 'a) : string * 'a =
  StringCvt.splitl Char.isDigit getc src
val (d, rest) = digits Substring.getc (Substring.full "42abc")
val ss : substring = rest
val parts : Substring.substring list = Substring.fields (fn c => c = #",") (Substring.full "a,b")
val result = (d, Substring.string ss, List.length parts,
              StringCvt.scanString (fn getc => fn s => SOME (digits getc s)) "7x")
