(* StringCvt.scanString with scanners written over a reader, and
 * Bool.scan, Char.scan, String.scan. *)
fun scanPair getc src =
  case getc src of
      SOME (#"(", r) =>
        let val (a, r) = StringCvt.splitl Char.isDigit getc r
        in case getc r of
               SOME (#",", r) =>
                 let val (b, r) = StringCvt.splitl Char.isDigit getc r
                 in case getc r of
                        SOME (#")", r) => SOME ((a, b), r)
                      | _ => NONE
                 end
             | _ => NONE
        end
    | _ => NONE

val result = (StringCvt.scanString scanPair "(12,34)",
              StringCvt.scanString scanPair "(12;34)",
              StringCvt.scanString Bool.scan "  false!",
              StringCvt.scanString Char.scan "\\t",
              StringCvt.scanString String.scan "a\\nb\\\\c",
              Bool.fromString "true", Bool.fromString "yes", Bool.toString false)
