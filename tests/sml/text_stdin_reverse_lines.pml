(* Prints the standard input's lines in reverse order, each reversed
 * with String.rev-free code (implode o rev o explode), via TextIO.output. *)
fun readAll acc =
  case TextIO.inputLine TextIO.stdIn of
      NONE => acc
    | SOME l => readAll (String.substring (l, 0, size l - 1) :: acc)

val ls = readAll []
val _ = List.app (fn l => TextIO.output (TextIO.stdOut, implode (rev (explode l)) ^ "\n")) ls
val _ = TextIO.flushOut TextIO.stdOut

val result = (List.length ls, ls)
