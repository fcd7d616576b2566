signature ORD = sig type t val le : t * t -> bool end
functor F (O : ORD) = struct
  fun bad x = O.le (x, 1)
end
