structure S = struct
  fun f x = x + 1
  val y = f "a"
end
val result = 0
