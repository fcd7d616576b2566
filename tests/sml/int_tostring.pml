(* Int.toString of negative numbers uses ~; strings built with ^. *)
fun show [] = ""
  | show [x] = Int.toString x
  | show (x :: xs) = Int.toString x ^ ", " ^ show xs
val s = "[" ^ show [0, ~1, 42, ~1073741823, 1073741823] ^ "]"
val result = (s, size s, Int.toString (~5 div 2))
