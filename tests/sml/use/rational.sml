(* rational.sml: a solution file that a test file loads with use *)
datatype rat = Rat of int * int

fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)

fun make (n, d) =
  let val g = gcd (n, d)
      val s = if d < 0 then ~1 else 1
  in Rat (s * n div g, s * d div g) end

fun add (Rat (a, b), Rat (c, d)) = make (a * d + c * b, b * d)
fun mul (Rat (a, b), Rat (c, d)) = make (a * c, b * d)
fun toString (Rat (n, 1)) = Int.toString n
  | toString (Rat (n, d)) = Int.toString n ^ "/" ^ Int.toString d

infix 6 ++
fun x ++ y = add (x, y)
