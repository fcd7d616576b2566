(* Word.toString is hexadecimal without a prefix; fmt takes a radix. *)
val w = Word.fromInt 2748
val result = (Word.toString w, Word.fmt StringCvt.BIN (Word.fromInt 10), Word.fmt StringCvt.OCT w,
              Word.fmt StringCvt.DEC w, Word.fmt StringCvt.HEX w, Word8.toString (Word8.fromInt 7),
              Word32.fmt StringCvt.DEC (Word32.* (Word32.fromInt 40000, Word32.fromInt 100000)), Word.toString 0w0)
