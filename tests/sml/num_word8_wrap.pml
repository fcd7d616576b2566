(* Word8 arithmetic wraps modulo 256. *)
val a = Word8.fromInt 200
val b = Word8.fromInt 100
val result = (Word8.+ (a, b), Word8.- (b, a), Word8.* (a, b), Word8.fromInt 300, Word8.fromInt ~1,
              Word8.toInt (Word8.+ (a, a)), Word8.toIntX a)
