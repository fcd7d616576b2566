(* Conversions between words, ints and IntInf. *)
val w8 = Word8.fromInt 250
val result = (Word8.toLargeWord w8, Word8.toLargeInt w8, Word8.toLargeIntX w8,
              Word8.fromLargeWord (Word32.toLargeWord (Word32.fromInt 511)),
              Word32.fromLargeInt (IntInf.fromInt ~2), Word.toInt (Word.fromInt 12345),
              Word8.fromLargeInt (IntInf.pow (2, 40) + 3))
