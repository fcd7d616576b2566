(* A xorshift pseudo-random generator on 32-bit words. *)
fun next (x : Word32.word) =
  let val x = Word32.xorb (x, Word32.<< (x, 0w13))
      val x = Word32.xorb (x, Word32.>> (x, 0w17))
  in Word32.xorb (x, Word32.<< (x, 0w5)) end
fun take (0, _, acc) = rev acc
  | take (n, x, acc) = let val y = next x in take (n - 1, y, Word32.toLargeInt y :: acc) end
val result = take (8, Word32.fromInt 123456789, [])
