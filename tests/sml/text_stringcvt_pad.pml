(* A table printed with StringCvt.padLeft and padRight, as report code
 * aligns its columns. *)
val rows = [("apples", 12), ("kiwis", 7), ("watermelons", 1024), ("figs", 0)]

fun line (name, n) =
  StringCvt.padRight #"." 14 name ^ StringCvt.padLeft #" " 6 (Int.toString n)

val _ = List.app (fn r => print (line r ^ "\n")) rows
val _ = print (StringCvt.padLeft #"-" 20 "" ^ "\n")

val result = (map line rows, StringCvt.padLeft #"0" 3 "12345", StringCvt.padRight #" " 0 "")
