(* Output through TextIO: print, TextIO.output to stdOut, output1,
 * outputSubstr and flushOut, interleaved in program order. *)
val out = TextIO.stdOut

val _ = print "header\n"
val _ = TextIO.output (out, "via output\n")
val _ = TextIO.output1 (out, #"*")
val _ = TextIO.output1 (out, #"\n")
val _ = TextIO.outputSubstr (out, Substring.extract ("..substring..\n", 2, NONE))
val _ = List.app (fn i => TextIO.output (out, Int.toString i ^ (if i < 3 then "," else "\n"))) [1, 2, 3]
val _ = TextIO.flushOut out

val result = (TextIO.stdOut, "done")
