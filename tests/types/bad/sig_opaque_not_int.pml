signature S = sig type t val x : t val f : t -> int end
structure A :> S = struct type t = int val x = 1 fun f y = y end
val bad = A.x + 1
