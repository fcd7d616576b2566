signature SHAPE = sig
  datatype shape = Circle of real | Square of real
  val name : string
end
functor Area (S : SHAPE) = struct
  fun area (S.Circle r) = 3.0 * r * r
    | area (S.Square s) = s * s
  val label = S.name
end
structure Sh = struct datatype shape = Circle of real | Square of real val name = "shapes" end
structure A = Area (Sh)
val result = (A.label, A.area (Sh.Square 2.0))
