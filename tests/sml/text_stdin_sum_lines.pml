(* Reads numbers one per line until the end of the input, skipping
 * lines that are not numbers, as exercise programs read test data. *)
fun loop (sum, bad) =
  case TextIO.inputLine TextIO.stdIn of
      NONE => (sum, bad)
    | SOME line =>
        (case Int.fromString line of
             SOME n => loop (sum + n, bad)
           | NONE => loop (sum, bad + 1))

val (sum, bad) = loop (0, 0)
val _ = TextIO.output (TextIO.stdOut, "sum = " ^ Int.toString sum ^ "\n")

val result = (sum, bad, TextIO.endOfStream TextIO.stdIn)
