(* Functions as values: composition by hand, currying, partial application,
   functions returning functions, closures over their environment. *)
fun compose (f, g) = fn x => f (g x)
fun curry f x y = f (x, y)
fun uncurry f (x, y) = f x y
fun twice f = compose (f, f)
val add = curry (op +)
val inc = add 1
val addAll = map add [1, 10, 100]
fun apply [] x = x
  | apply (f :: fs) x = apply fs (f x)
val pipeline = [inc, twice (fn x => x * 2), fn x => x - 3]
val result = (apply pipeline 5, map (fn f => f 1) addAll, twice (twice inc) 0,
              uncurry (fn a => fn b => a * b) (6, 7),
              foldr (fn (f, acc) => f acc) 0 addAll)
