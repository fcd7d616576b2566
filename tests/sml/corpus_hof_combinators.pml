(* Higher-order functions: composition, currying, iteration, folds defining others *)
fun curry f x y = f (x, y)
fun uncurry f (x, y) = f x y
fun flip f (x, y) = f (y, x)
fun repeat 0 f x = x
  | repeat n f x = repeat (n - 1) f (f x)

val compose = fn (f, g) => fn x => f (g x)
fun mapF f = foldr (fn (x, acc) => f x :: acc) []
fun filterF p = foldr (fn (x, acc) => if p x then x :: acc else acc) []
fun lengthF l = foldl (fn (_, n) => n + 1) 0 l
fun revF l = foldl op:: [] l
fun sumSquares l = foldl op+ 0 (map (fn x => x * x) l)

val inc = curry op+ 1
val double = fn x => 2 * x
val result = (map (compose (inc, double)) [1, 2, 3], map (compose (double, inc)) [1, 2, 3],
              repeat 10 double 1, uncurry (fn a => fn b => a - b) (10, 3), flip op- (10, 3),
              mapF inc [1, 2], filterF (fn x => x > 2) [1, 2, 3, 4], lengthF [5, 6, 7],
              revF [1, 2, 3], sumSquares [1, 2, 3, 4], (ignore (inc 1); 0))
