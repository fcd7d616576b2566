(* All-pairs shortest paths by Floyd-Warshall over a vector of vectors,
   with NONE for infinity *)
val n = 5
val edges = [(0, 1, 3), (0, 2, 8), (0, 4, ~4), (1, 3, 1), (1, 4, 7), (2, 1, 4),
             (3, 0, 2), (3, 2, ~5), (4, 3, 6)]

fun init () =
    Vector.tabulate (n, fn i => Vector.tabulate (n, fn j =>
        if i = j then SOME 0
        else case List.find (fn (a, b, _) => a = i andalso b = j) edges of
                 SOME (_, _, w) => SOME w
               | NONE => NONE))

fun get (d, i, j) = Vector.sub (Vector.sub (d, i), j)
fun plus (SOME a, SOME b) = SOME (a + b)
  | plus _ = NONE
fun better (NONE, y) = y
  | better (x, NONE) = x
  | better (SOME a, SOME b) = SOME (Int.min (a, b))

fun floyd d =
    let fun step (d, k) = Vector.tabulate (n, fn i => Vector.tabulate (n, fn j =>
                              better (get (d, i, j), plus (get (d, i, k), get (d, k, j)))))
        fun loop (d, k) = if k = n then d else loop (step (d, k), k + 1)
    in loop (d, 0) end

val d = floyd (init ())
fun rows d = List.tabulate (n, fn i => List.tabulate (n, fn j => get (d, i, j)))
val result = (rows d, get (d, 2, 0), List.all (fn i => get (d, i, i) = SOME 0) (List.tabulate (n, fn i => i)))
