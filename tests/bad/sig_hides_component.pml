signature S = sig val f : int -> int end
structure A :> S = struct fun f x = h x and h x = x end
val y = A.h 1
