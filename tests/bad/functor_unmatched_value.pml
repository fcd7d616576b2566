(* the argument lacks a value the parameter's signature specifies *)
signature ORD = sig type t val compare : t * t -> order end
functor SetFn (K : ORD) = struct fun member (x, l) = List.exists (fn y => K.compare (x, y) = EQUAL) l end
structure S = SetFn (struct type t = int val cmp = Int.compare end)
