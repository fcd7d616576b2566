(* Bit tricks: population count, lowest set bit, power of two, parity. *)
fun popcount (w : Word32.word) =
  if w = Word32.fromInt 0 then 0 else 1 + popcount (Word32.andb (w, Word32.- (w, Word32.fromInt 1)))
fun lowbit (w : Word32.word) = Word32.andb (w, Word32.- (Word32.fromInt 0, w))
fun isPow2 (w : Word32.word) = w <> Word32.fromInt 0 andalso Word32.andb (w, Word32.- (w, Word32.fromInt 1)) = Word32.fromInt 0
fun parity w = popcount w mod 2
val ws = map Word32.fromInt [0, 1, 2, 3, 12, 255, 1024, 65535, 1000000]
val result = (map popcount ws, map lowbit ws, map isPow2 ws, map parity ws)
