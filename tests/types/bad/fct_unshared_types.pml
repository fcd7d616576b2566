signature ORD = sig type t val le : t * t -> bool end
functor Merge (structure A : ORD
               structure B : ORD) = struct
  fun both (x, y) = A.le (x, y) andalso B.le (y, x)
end
