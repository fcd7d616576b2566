(* Constant patterns: integers (negative too), strings, booleans, wildcards. *)
fun sign 0 = "zero"
  | sign ~1 = "minus one"
  | sign n = if n < 0 then "negative" else "positive"
fun greet "hello" = 1
  | greet "bye" = 2
  | greet _ = 0
fun both (true, true) = "tt"
  | both (true, _) = "t_"
  | both (_, true) = "_t"
  | both _ = "ff"
fun pick (0, _, z) = z
  | pick (_, 0, z) = ~z
  | pick (x, y, _) = x * y
val result = (map sign [0, ~1, ~5, 5], map greet ["hello", "bye", "hi", ""],
              map both [(true, true), (true, false), (false, true), (false, false)],
              map pick [(0, 1, 2), (1, 0, 2), (3, 4, 5)])
