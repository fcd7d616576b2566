(* Trimming white space with Substring.dropl and dropr, as course code
 * cleans up input lines. *)
fun trim s = Substring.string (Substring.dropr Char.isSpace (Substring.dropl Char.isSpace (Substring.full s)))

val cases = ["  hello  ", "\tindented", "trailing\n", "", "   ", "in  side"]

val result = map trim cases
