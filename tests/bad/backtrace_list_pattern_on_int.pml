(* len 5 through two calls: reported at the call of len, with the
   pattern as a note and the calls that led there *)
fun len [] = 0
  | len (_ :: t) = 1 + len t
fun f x = len x
fun g x = f x + 1
val r = g 5
