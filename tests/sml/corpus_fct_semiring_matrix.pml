(* Matrices over a semiring, as a functor: integer matrices, boolean
   matrices (reachability) and the (min, +) semiring (shortest paths) *)
signature SEMIRING = sig
  type t
  val zero : t
  val one : t
  val plus : t * t -> t
  val times : t * t -> t
  val show : t -> string
end

functor Matrix (R : SEMIRING) = struct
  type matrix = R.t list list
  fun identity n = List.tabulate (n, fn i => List.tabulate (n, fn j => if i = j then R.one else R.zero))
  fun transpose [] = []
    | transpose ([] :: _) = []
    | transpose rows = List.map hd rows :: transpose (List.map tl rows)
  fun dot (a, b) = ListPair.foldl (fn (x, y, acc) => R.plus (acc, R.times (x, y))) R.zero (a, b)
  fun mul (a, b) = let val bt = transpose b in List.map (fn row => List.map (fn col => dot (row, col)) bt) a end
  fun power (m, 0) = identity (List.length m)
    | power (m, k) = mul (m, power (m, k - 1))
  fun show m = String.concatWith "\n" (List.map (fn row => String.concatWith " " (List.map R.show row)) m) ^ "\n"
end

structure IntRing = struct type t = int val zero = 0 val one = 1 val plus = op+ val times = op* val show = Int.toString end
structure BoolRing = struct type t = bool val zero = false val one = true
                            fun plus (a, b) = a orelse b fun times (a, b) = a andalso b
                            fun show b = if b then "1" else "0" end
(* min-plus, with ~1 for infinity *)
structure Tropical = struct
  type t = int
  val zero = ~1
  val one = 0
  fun plus (~1, b) = b | plus (a, ~1) = a | plus (a, b) = Int.min (a, b)
  fun times (~1, _) = ~1 | times (_, ~1) = ~1 | times (a, b) = a + b
  fun show ~1 = "inf" | show n = Int.toString n
end

structure IM = Matrix (IntRing)
structure BM = Matrix (BoolRing)
structure TM = Matrix (Tropical)

val fibm = IM.power ([[1, 1], [1, 0]], 10)
val adj = [[false, true, false, false], [false, false, true, false], [false, false, false, true], [false, false, false, false]]
val reach2 = BM.power (adj, 2)
val w = [[0, 4, ~1, 10], [~1, 0, 3, ~1], [~1, ~1, 0, 2], [1, ~1, ~1, 0]]
val dist = TM.power (w, 3)
val _ = print (BM.show reach2)
val _ = print (TM.show dist)

val result = (fibm, reach2, dist)
