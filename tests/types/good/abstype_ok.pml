abstype counter = C of int with
  val zero = C 0
  fun inc (C n) = C (n + 1)
  fun get (C n) = n
end
val result = get (inc (inc zero))
