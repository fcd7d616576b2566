(* A program may shadow prelude and built-in names; the prelude's own
   definitions keep the meanings they were defined with (lexical scope). *)
fun map f l = "my map"
fun length l = ~1
val hd = 42
fun rev (a, b) = (b, a)
val result = (map (fn x => x) [1], length [1, 2], List.length [1, 2, 3], hd,
              List.hd [7], rev (1, 2), List.rev [1, 2], List.map (fn x => x + 1) [1],
              foldr (op ::) [] [3, 4])
