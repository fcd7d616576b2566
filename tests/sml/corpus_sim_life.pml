(* Conway's game of life on a small torus, with the board as a list of strings *)
val rows = 6
val cols = 6
fun alive (b, r, c) = String.sub (List.nth (b, (r + rows) mod rows), (c + cols) mod cols) = #"#"
fun neighbours (b, r, c) =
  List.length (List.filter (fn (dr, dc) => (dr <> 0 orelse dc <> 0) andalso alive (b, r + dr, c + dc))
    (List.concat (map (fn dr => map (fn dc => (dr, dc)) [~1, 0, 1]) [~1, 0, 1])))
fun step b =
  List.tabulate (rows, fn r => implode (List.tabulate (cols, fn c =>
    let val n = neighbours (b, r, c) in if n = 3 orelse (n = 2 andalso alive (b, r, c)) then #"#" else #"." end)))
fun iterate (b, 0) = b
  | iterate (b, k) = iterate (step b, k - 1)
fun population b = foldl (fn (row, n) => n + List.length (List.filter (fn c => c = #"#") (explode row))) 0 b

val glider = [".#....", "..#...", "###...", "......", "......", "......"]
val blinker = ["......", "..#...", "..#...", "..#...", "......", "......"]
val result = (iterate (glider, 4), population (iterate (glider, 12)), step blinker, iterate (blinker, 2) = blinker)
