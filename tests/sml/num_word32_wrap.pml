(* Word32 arithmetic wraps modulo 2^32; toIntX reads the sign bit. *)
val big = Word32.* (Word32.fromInt 40000, Word32.fromInt 100000)
val result = (Word32.+ (big, big), Word32.* (big, Word32.fromInt 3), Word32.- (Word32.fromInt 0, Word32.fromInt 1),
              Word32.toLargeInt big, Word32.toLargeIntX big)
