abstype counter = C of int
with
  val zero = C 0
  fun tick (C n) = C (n + 1)
end
val result = case tick zero of C n => n
