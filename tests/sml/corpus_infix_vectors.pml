(* User-defined infix operators: 2D vector arithmetic and a pipeline operator *)
infix 6 ++ --
infix 7 **
infix 1 |>

fun (a, b) ++ (c, d) = (a + c, b + d)
fun (a, b) -- (c, d) = (a - c, b - d)
fun k ** (a, b) = (k * a, k * b)
fun x |> f = f x

fun dot ((a, b), (c, d)) = a * c + b * d
fun norm2 v = dot (v, v)

val p = (1, 2) ++ 3 ** (2, ~1) -- (0, 4)
val q = [1, 2, 3, 4, 5] |> map (fn x => x * x) |> List.filter (fn x => x mod 2 = 1) |> foldl op+ 0
val result = (p, q, norm2 p, foldl (op ++) (0, 0) [(1, 1), (2, 3), (~4, 5)], (op **) (2, (3, 4)))
