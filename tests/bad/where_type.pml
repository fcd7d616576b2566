signature ORD = sig type t val le : t * t -> bool end
signature ORD2 = ORD where type t = int
val result = 1
