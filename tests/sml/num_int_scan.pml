(* Int.scan with a reader over a list of characters, and Int.fromString. *)
fun reader [] = NONE
  | reader (c :: cs) = SOME (c, cs)
fun scan r s = case Int.scan r reader (explode s) of SOME (n, rest) => SOME (n, implode rest) | NONE => NONE
val result = (scan StringCvt.DEC "  123abc", scan StringCvt.HEX "ff!", scan StringCvt.HEX "0x1F", scan StringCvt.BIN "1012",
              scan StringCvt.DEC "~17", scan StringCvt.DEC "-17", scan StringCvt.DEC "abc", scan StringCvt.OCT "777",
              Int.fromString "  42 ", Int.fromString "x")
