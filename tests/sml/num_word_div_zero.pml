(* div and mod of words by zero raise Div. *)
fun safe f = SOME (f ()) handle Div => NONE
val result = (safe (fn () => 0w7 div 0w0), safe (fn () => 0w7 mod (0w3 - 0w3)), safe (fn () => 0w7 div 0w2))
