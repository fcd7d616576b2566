(* Data processing with higher-order functions: a pipeline of maps, filters,
   folds and grouping over sales records *)
val sales = [("north", "tea", 12), ("south", "coffee", 30), ("north", "coffee", 8),
             ("east", "tea", 25), ("south", "tea", 5), ("east", "coffee", 17), ("north", "tea", 9)]

fun pipe (x, fs) = foldl (fn (f, acc) => f acc) x fs

fun groupBy key l =
    foldr (fn (x, groups) =>
              let val k = key x
              in case List.partition (fn (k', _) => k' = k) groups of
                     ([(_, xs)], rest) => (k, x :: xs) :: rest
                   | _ => (k, [x]) :: groups
              end) [] l

fun total l = foldl (fn ((_, _, n), s) => s + n) 0 l

val byRegion = map (fn (k, xs) => (k, total xs)) (groupBy #1 sales)
val teaOnly = map (fn (r, _, n) => (r, n * 2)) (List.filter (fn (_, p, _) => p = "tea") sales)
val scaled = pipe (10, [fn x => x + 1, fn x => x * 3, fn x => x - 2])
fun compose fs = foldr (fn (f, g) => fn x => f (g x)) (fn x => x) fs
val f = compose [fn x => x + 1, fn x => x * 2, fn x => x - 3]
val result = (byRegion, teaOnly, scaled, f 10, map (fn (k, xs) => (k, List.length xs)) (groupBy #2 sales))
