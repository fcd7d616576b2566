(* Records as geometry: points, rectangles, areas and bounding boxes *)
type point = {x : int, y : int}
type rect = {lo : point, hi : point}

fun add ({x = a, y = b} : point, {x = c, y = d} : point) = {x = a + c, y = b + d}
fun area ({lo = lo, hi = hi} : rect) = (#x hi - #x lo) * (#y hi - #y lo)
fun contains ({lo = lo, hi = hi} : rect) ({x = x, y = y} : point) =
  #x lo <= x andalso x <= #x hi andalso #y lo <= y andalso y <= #y hi
fun bbox (p :: ps) =
      foldl (fn ({x = x, y = y} : point, {lo = lo, hi = hi} : rect) =>
               {lo = {x = Int.min (x, #x lo), y = Int.min (y, #y lo)},
                hi = {x = Int.max (x, #x hi), y = Int.max (y, #y hi)}})
            {lo = p, hi = p} ps
  | bbox [] = raise Empty

val pts = [{x = 3, y = 4}, {x = ~1, y = 7}, {x = 5, y = ~2}, {x = 0, y = 0}]
val box = bbox pts
val result = (box, area box, List.filter (contains {lo = {x = 0, y = 0}, hi = {x = 4, y = 5}}) pts,
              foldl add {x = 0, y = 0} pts, {y = 1, x = 2} = {x = 2, y = 1})
