(* splitl, splitr, splitAt, takel, taker, position: key = value pairs
 * and file names split at their extension. *)
fun keyValue line =
  let val (k, rest) = Substring.splitl (fn c => c <> #"=") (Substring.full line)
  in if Substring.isEmpty rest then NONE
     else SOME (Substring.string k, Substring.string (Substring.triml 1 rest))
  end

fun extension name =
  let val (base, ext) = Substring.splitr (fn c => c <> #".") (Substring.full name)
  in if Substring.isEmpty base then (name, "")
     else (Substring.string (Substring.trimr 1 base), Substring.string ext)
  end

val (a, b) = Substring.splitAt (Substring.full "abcdef", 2)
val digits = Substring.string (Substring.takel Char.isDigit (Substring.full "123abc"))
val tail = Substring.string (Substring.taker Char.isAlpha (Substring.full "123abc"))
val (pre, post) = Substring.position "::" (Substring.full "List::map::f")

val result = (map keyValue ["x=1", "name = pml", "novalue", "=empty"],
              map extension ["report.txt", "archive.tar.gz", "README", ".hidden"],
              (Substring.string a, Substring.string b), digits, tail,
              (Substring.string pre, Substring.string post))
