(* Reads its standard input line by line with TextIO.inputLine, as
 * exercise programs read test data, and reports with TextIO.output. *)
fun readLines () =
  case TextIO.inputLine TextIO.stdIn of
      NONE => []
    | SOME line => line :: readLines ()

fun chomp s =
  if size s > 0 andalso String.sub (s, size s - 1) = #"\n" then String.substring (s, 0, size s - 1) else s

val lines = map chomp (readLines ())
val words = List.concat (map (String.tokens Char.isSpace) lines)

fun longest [] = ""
  | longest (w :: ws) = let val l = longest ws in if size w >= size l then w else l end

val _ = TextIO.output (TextIO.stdOut, "lines: " ^ Int.toString (List.length lines) ^ "\n")
val _ = TextIO.print ("words: " ^ Int.toString (List.length words) ^ "\n")
val _ = TextIO.flushOut TextIO.stdOut
val _ = List.app (fn l => print (StringCvt.padLeft #" " 3 (Int.toString (size l)) ^ " | " ^ l ^ "\n")) lines

val result = (List.length lines, longest words, TextIO.inputLine TextIO.stdIn)
