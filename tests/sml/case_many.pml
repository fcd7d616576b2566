(* case with many arms, nested patterns, and arms tried in order. *)
datatype shape = Circle of real | Rect of real * real | Tri of real * real * real
               | Dot | Line of real
fun classify n =
  case n of
      0 => "zero" | 1 => "one" | 2 => "two" | 3 => "three" | 4 => "four"
    | 5 => "five" | 6 => "six" | 7 => "seven" | 8 => "eight" | 9 => "nine"
    | 10 => "ten" | ~1 => "minus one"
    | _ => if n > 10 then "big" else "small"
fun kind s =
  case s of
      Circle r => if r > 1.0 then "big circle" else "circle"
    | Rect (w, h) => (case (w > h, h > w) of
                          (true, _) => "wide"
                        | (_, true) => "tall"
                        | _ => "square")
    | Tri (a, b, c) => if a + b <= c then "flat" else "triangle"
    | Dot => "dot"
    | Line _ => "line"
val result = (map classify [0, 3, 7, 10, 11, ~1, ~2],
              map kind [Circle 2.0, Circle 0.5, Rect (1.0, 2.0), Rect (3.0, 2.0),
                        Rect (1.0, 1.0), Tri (1.0, 1.0, 1.0), Tri (1.0, 1.0, 2.0), Dot, Line 1.0])
