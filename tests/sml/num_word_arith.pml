(* Word arithmetic below 2^31 (SML/NJ 110's word has 31 bits), div and mod. *)
val x : word = 0w1000
val y : word = 0w7
val result = (x + y, x - y, x * y, x div y, x mod y, Word.min (x, y), Word.max (x, y))
