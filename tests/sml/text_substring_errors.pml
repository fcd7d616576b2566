(* Substring's Subscript and Span exceptions, caught as course code
 * catches them. *)
fun try f = (SOME (f ()) handle Subscript => NONE)

val base = "abcdef"

val cases = [
  try (fn () => Substring.string (Substring.substring (base, 2, 3))),
  try (fn () => Substring.string (Substring.substring (base, 4, 3))),
  try (fn () => Substring.string (Substring.extract (base, 6, NONE))),
  try (fn () => Substring.string (Substring.extract (base, 7, NONE))),
  try (fn () => Substring.string (Substring.slice (Substring.full base, 1, SOME 9))),
  try (fn () => Substring.string (Substring.triml 10 (Substring.full base))),
  try (fn () => str (Substring.sub (Substring.full base, 6)))
]

val spanned =
  Substring.string (Substring.span (Substring.substring (base, 0, 2), Substring.substring (base, 3, 2)))
val badSpan = (Substring.span (Substring.full "ab", Substring.full "cd"); "no") handle Span => "Span"

val result = (cases, spanned, badSpan, exnName Span)
