(* A report table padded with StringCvt and numbers in several bases with
 * Int.fmt, as formatting exercises print them. *)
val rows = [("apples", 12), ("kiwis", 7), ("watermelons", 255), ("figs", 0)]

fun row (name, n) =
  StringCvt.padRight #"." 14 name ^ StringCvt.padLeft #" " 5 (Int.toString n) ^
  "  " ^ StringCvt.padLeft #"0" 8 (Int.fmt StringCvt.BIN n) ^
  "  " ^ Int.fmt StringCvt.OCT n ^ "  0x" ^ Int.fmt StringCvt.HEX n ^ "\n"

val _ = List.app (print o row) rows
val negatives = map (Int.fmt StringCvt.HEX) [~1, ~255, ~4096]
val decimal = map (Int.fmt StringCvt.DEC) [0, 42, ~42]
val tooLong = StringCvt.padLeft #"*" 3 "abcdef"
val result = (negatives, decimal, tooLong, StringCvt.padRight #" " 0 "")
