(* Rational numbers kept in lowest terms behind an abstype *)
abstype rat = R of int * int
with
  fun gcd (a, 0) = abs a
    | gcd (a, b) = gcd (b, a mod b)
  fun make (n, d) =
      if d = 0 then raise Div
      else let val g = gcd (n, d)
               val s = if d < 0 then ~1 else 1
           in R (s * n div g, s * d div g) end
  fun add (R (a, b), R (c, d)) = make (a * d + c * b, b * d)
  fun mul (R (a, b), R (c, d)) = make (a * c, b * d)
  fun neg (R (a, b)) = R (~a, b)
  fun less (R (a, b), R (c, d)) = a * d < c * b
  fun toString (R (n, 1)) = Int.toString n
    | toString (R (n, d)) = Int.toString n ^ "/" ^ Int.toString d
end

fun sum xs = foldl add (make (0, 1)) xs
val harmonic = sum (List.tabulate (6, fn i => make (1, i + 1)))
val half = make (3, 6)
val result = (toString harmonic, toString half, toString (mul (half, make (4, ~3))),
              less (half, make (2, 3)), toString (add (half, neg half)),
              (toString (make (1, 0))) handle Div => "div by zero", [half])
