signature ORD = sig type t val le : t * t -> bool end
functor F (O : ORD) = struct fun m (a, b) = if O.le (a, b) then a else b end
structure X = F (struct type t = int fun le (a, b) = a < (b : string) end)
