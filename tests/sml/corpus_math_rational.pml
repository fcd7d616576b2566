(* Rational arithmetic with normalisation, and continued fractions *)
fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)
fun mk (n, d) =
  if d = 0 then raise Div
  else let val g = gcd (n, d) val s = if d < 0 then ~1 else 1 in (s * n div g, s * d div g) end
fun add ((a, b), (c, d)) = mk (a * d + c * b, b * d)
fun mul ((a, b), (c, d)) = mk (a * c, b * d)
fun neg (a, b) = (~a, b)
fun inv (a, b) = mk (b, a)
fun toString (a, 1) = Int.toString a
  | toString (a, b) = Int.toString a ^ "/" ^ Int.toString b

fun harmonic n = foldl add (0, 1) (List.tabulate (n, fn i => (1, i + 1)))
fun cf (a, b) = if b = 0 then [] else a div b :: cf (b, a mod b)
fun fromCf [x] = (x, 1)
  | fromCf (x :: xs) = add ((x, 1), inv (fromCf xs))
  | fromCf [] = raise Empty

val result = (map toString [harmonic 1, harmonic 5, harmonic 10],
              toString (mul (mk (6, ~8), mk (4, 9))), toString (add (mk (1, 3), neg (mk (1, 3)))),
              cf (415, 93), toString (fromCf (cf (415, 93))), (toString (mk (1, 0)) handle Div => "div"))
