(* Infix functions defined with their head in parentheses, as textbooks
 * write list append and function composition. *)
infixr 5 @@
fun ([] @@ ys) = ys
  | ((x :: xs) @@ ys) = x :: (xs @@ ys)

infix 7 **
fun (f ** g) x = f (g x)

infix 4 ===
fun ((a, b) === (c, d)) = a * d = b * c

datatype pair = Pair of int * int
infix 6 |+|
fun ((Pair (a, b)) |+| (Pair (c, d))) : pair = Pair (a + c, b + d)
and zero () = Pair (0, 0)

fun sum ps = foldl (fn (p, acc) => p |+| acc) (zero ()) ps

val inc = fn x => x + 1
val dbl = fn x => x * 2
val result = ([1, 2] @@ [3] @@ [], (inc ** dbl) 5, (dbl ** inc) 5, (1, 2) === (2, 4), (1, 2) === (2, 3),
              sum [Pair (1, 2), Pair (3, 4)])
