(* Gray codes and back, with xorb and >>. *)
fun gray (w : word) = Word.xorb (w, Word.>> (w, 0w1))
fun ungray (g : word) =
  let fun go (g, shift) = if shift > 0w16 then g else go (Word.xorb (g, Word.>> (g, shift)), shift * 0w2)
  in go (g, 0w1) end
val codes = List.tabulate (16, fn i => gray (Word.fromInt i))
val result = (map (Word.fmt StringCvt.BIN) codes, map (Word.toInt o ungray) codes)
