(* Run-length encoding and decoding of strings *)
fun encode s =
  let fun go ([], NONE, acc) = rev acc
        | go ([], SOME (c, n), acc) = rev ((c, n) :: acc)
        | go (c :: cs, NONE, acc) = go (cs, SOME (c, 1), acc)
        | go (c :: cs, SOME (d, n), acc) =
            if c = d then go (cs, SOME (d, n + 1), acc) else go (cs, SOME (c, 1), (d, n) :: acc)
  in go (explode s, NONE, []) end

fun toText runs = String.concat (map (fn (c, n) => (if n > 1 then Int.toString n else "") ^ str c) runs)

fun decode s =
  let fun go ([], _, acc) = String.concat (rev acc)
        | go (c :: cs, n, acc) =
            if Char.isDigit c then go (cs, n * 10 + ord c - ord #"0", acc)
            else go (cs, 0, implode (List.tabulate (Int.max (n, 1), fn _ => c)) :: acc)
  in go (explode s, 0, []) end

val samples = ["WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW", "abc", "aabcccccaaa", ""]
val encoded = map (fn s => toText (encode s)) samples
val result = (encoded, map decode encoded = samples, encode "aaab")
