signature ORD = sig type t val le : t * t -> bool end
functor Merge (structure A : ORD
               structure B : ORD
               sharing type A.t = B.t) = struct
  fun both (x, y) = A.le (x, y) andalso B.le (y, x)
end
structure IntOrd = struct type t = int fun le (a : int, b) = a <= b end
structure IntRev = struct type t = int fun le (a : int, b) = b <= a end
structure M = Merge (structure A = IntOrd structure B = IntRev)
val result = (M.both (1, 1), M.both (1, 2))
