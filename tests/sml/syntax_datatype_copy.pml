(* Datatype replication and sharing constraints, as module-heavy course
 * code writes them. *)
structure Shapes = struct
  datatype shape = Circle of real | Square of real
  fun area (Circle r) = 3.0 * r * r
    | area (Square s) = s * s
end

datatype shape = datatype Shapes.shape

signature SHAPE = sig
  datatype shape = datatype Shapes.shape
  val area : shape -> real
  val name : shape -> string
end

structure Named : SHAPE = struct
  datatype shape = datatype Shapes.shape
  val area = Shapes.area
  fun name (Circle _) = "circle"
    | name (Square _) = "square"
end

signature PAIR = sig
  type a
  type b
  type c
  type d
  sharing type a = b and type c = d
  val x : a
end

structure P : PAIR = struct
  type a = int type b = int type c = string type d = string
  val x = 4
end

datatype ord = datatype General.order
fun cmp (a, b) : ord = Int.compare (a, b)

val shapes = [Circle 1.0, Square 2.0, Named.Square 3.0]
val result = (map Shapes.area shapes, map Named.name shapes, P.x, cmp (1, 2), cmp (2, 2))
