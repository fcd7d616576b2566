structure S = struct
  fun id x = x
  val zero = 0
end
val result = (S.id 1, S.id "a", S.zero)
