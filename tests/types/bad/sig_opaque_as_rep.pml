signature COUNTER = sig
  type t
  val zero : t
  val inc : t -> t
end
structure C :> COUNTER = struct
  type t = int
  val zero = 0
  fun inc n = n + 1
end
val n : int = C.inc C.zero
