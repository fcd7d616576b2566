(* Word.fromString reads hexadecimal, with an optional 0x or 0wx. *)
val result = (Word.fromString "FF", Word.fromString "0xff", Word.fromString "0wx1A", Word.fromString "  12zz",
              Word.fromString "zz", Word.fromString "0x", Word8.fromString "7F",
              (Word8.fromString "1FF" handle Overflow => SOME (Word8.fromInt 0)))
