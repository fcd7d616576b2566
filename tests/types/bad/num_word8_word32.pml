val a : Word8.word = 0w1
val b : Word32.word = 0w2
val c = Word8.+ (a, b)
