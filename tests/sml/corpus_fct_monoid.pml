(* Monoids as structures and a functor deriving folds from them: sums,
   products, string concatenation, the maximum, and a product of monoids *)
signature MONOID = sig
  type t
  val unit : t
  val op ++ : t * t -> t
end

functor Fold (M : MONOID) = struct
  fun concat l = List.foldr M.++ M.unit l
  fun power (x, 0) = M.unit
    | power (x, n) =
        let val h = power (x, n div 2) val hh = M.++ (h, h)
        in if n mod 2 = 0 then hh else M.++ (x, hh) end
  fun mapConcat f l = concat (List.map f l)
end

functor Product (structure A : MONOID structure B : MONOID) : MONOID = struct
  type t = A.t * B.t
  val unit = (A.unit, B.unit)
  fun op ++ ((a1, b1), (a2, b2)) = (A.++ (a1, a2), B.++ (b1, b2))
end

structure Sum = struct type t = int val unit = 0 val op ++ = op+ end
structure Prod = struct type t = int val unit = 1 val op ++ = op* end
structure Str = struct type t = string val unit = "" val op ++ = op^ end
structure Max = struct
  type t = int option
  val unit = NONE
  fun op ++ (NONE, b) = b
    | op ++ (a, NONE) = a
    | op ++ (SOME a, SOME b) = SOME (Int.max (a, b))
end

structure FSum = Fold (Sum)
structure FProd = Fold (Prod)
structure FStr = Fold (Str)
structure FMax = Fold (Max)
structure SumMax = Product (structure A = Sum structure B = Max)
structure FSumMax = Fold (SumMax)

val xs = [3, 1, 4, 1, 5, 9, 2, 6]

val result = (FSum.concat xs, FProd.concat xs, FStr.mapConcat Int.toString xs,
              FMax.mapConcat SOME xs, FMax.concat [], FProd.power (2, 20), FStr.power ("ab", 3),
              FSumMax.mapConcat (fn x => (x, SOME (x * x))) xs)
