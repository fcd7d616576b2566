abstype t = T of int with
  val mk = T
end
val result = mk 1 = mk 1
