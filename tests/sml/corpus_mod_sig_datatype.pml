(* A signature that specifies a datatype and an exception, a structure
   implementing shapes, and a client that pattern-matches on the exported
   constructors *)
signature SHAPE = sig
  datatype shape = Circle of int | Rect of int * int | Tri of int * int * int
  exception Invalid of string
  val make : string * int list -> shape
  val perimeter : shape -> int
  val name : shape -> string
end

structure Shape : SHAPE = struct
  datatype shape = Circle of int | Rect of int * int | Tri of int * int * int
  exception Invalid of string
  fun make ("circle", [r]) = if r > 0 then Circle r else raise Invalid "radius"
    | make ("rect", [w, h]) = Rect (w, h)
    | make ("tri", [a, b, c]) =
        if a + b > c andalso b + c > a andalso a + c > b then Tri (a, b, c) else raise Invalid "triangle"
    | make (kind, _) = raise Invalid kind
  fun perimeter (Circle r) = 2 * 355 * r div 113
    | perimeter (Rect (w, h)) = 2 * (w + h)
    | perimeter (Tri (a, b, c)) = a + b + c
  fun name (Circle _) = "circle"
    | name (Rect _) = "rect"
    | name (Tri _) = "triangle"
end

fun isSquare (Shape.Rect (w, h)) = w = h
  | isSquare _ = false

val specs = [("circle", [10]), ("rect", [3, 3]), ("tri", [3, 4, 5]), ("tri", [1, 1, 5]), ("hex", [1]),
             ("circle", [0]), ("rect", [2, 7])]
val built = map (fn s => SOME (Shape.make s) handle Shape.Invalid why => (print ("invalid " ^ why ^ "\n"); NONE)) specs
val shapes = List.mapPartial (fn x => x) built
val result = (map (fn s => (Shape.name s, Shape.perimeter s)) shapes, map isSquare shapes)
