(* an error in a functor's body is found even if the functor is never
   applied: the body is checked against the parameter's signature *)
signature ORD = sig type t val compare : t * t -> order end
functor SetFn (K : ORD) = struct
  fun member (x, []) = false
    | member (x, y :: ys) = K.equal (x, y) orelse member (x, ys)
end
val result = 1
