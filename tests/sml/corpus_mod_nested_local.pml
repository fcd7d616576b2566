(* Nested structures, local helper declarations and open: a small
   geometry library with a shape area report *)
structure Geometry = struct
  structure Vec = struct
    fun add ((a, b), (c, d)) = (a + c, b + d)
    fun sub ((a, b), (c, d)) = (a - c, b - d)
    fun cross ((a, b), (c, d)) = a * d - b * c
  end
  local
    fun twiceArea pts =
        let fun go (p :: (rest as q :: _)) = Vec.cross (p, q) + go rest
              | go _ = 0
        in go (pts @ [hd pts]) end
  in
    fun area2 pts = abs (twiceArea pts)
    fun clockwise pts = twiceArea pts < 0
  end
  datatype shape = Rect of int * int | Poly of (int * int) list
  fun area2Of (Rect (w, h)) = 2 * w * h
    | area2Of (Poly pts) = area2 pts
end

open Geometry
val square = Poly [(0, 0), (4, 0), (4, 4), (0, 4)]
val tri = Poly [(0, 0), (0, 3), (4, 0)]
val result = (map area2Of [square, tri, Rect (3, 5)], clockwise [(0, 0), (0, 3), (4, 0)],
              Vec.add ((1, 2), (3, 4)), Geometry.Vec.sub ((1, 2), (3, 4)))
