(* len 5 through two calls: a static type error now, reported at the
   call g 5 (g : int list -> int), where SML/NJ reports it *)
fun len [] = 0
  | len (_ :: t) = 1 + len t
fun f x = len x
fun g x = f x + 1
val r = g 5
