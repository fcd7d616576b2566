(* Nested use of structures: shapes with areas and perimeters in integer units *)
structure Shape = struct
  datatype shape = Square of int | Rect of int * int | Tri of int * int * int
  fun perimeter (Square s) = 4 * s
    | perimeter (Rect (w, h)) = 2 * (w + h)
    | perimeter (Tri (a, b, c)) = a + b + c
  fun area2 (Square s) = 2 * s * s
    | area2 (Rect (w, h)) = 2 * w * h
    | area2 (Tri (a, b, c)) =
        let val s2 = a + b + c
            val sq = s2 * (s2 - 2 * a) * (s2 - 2 * b) * (s2 - 2 * c)
            fun isqrt n = let fun go k = if (k + 1) * (k + 1) > n then k else go (k + 1) in go 0 end
        in isqrt sq div 2 end
  fun name (Square _) = "square" | name (Rect _) = "rect" | name (Tri _) = "triangle"
end

structure S = Shape
val shapes = [S.Square 3, S.Rect (2, 5), S.Tri (3, 4, 5), S.Tri (5, 5, 6)]
val result = map (fn s => (S.name s, S.perimeter s, S.area2 s)) shapes
