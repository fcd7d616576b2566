(* Word constants take their word type from their context: 0w200 and 0w100
   are Word8.word, so the sum wraps at 8 bits. *)
val a : Word8.word = 0w200
val b = a + 0w100
fun low (w : Word32.word) = Word32.andb (w, 0wxFF)
val result = (b, low 0wx1234, 0w7 div 0w2)
