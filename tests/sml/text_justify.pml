(* Greedy line filling and full justification of a paragraph with
 * String.tokens, concatWith and StringCvt.padRight. *)
val width = 24
val text = "Space profiling for parallel functional programs measures where memory goes under each schedule"

fun fill ([], line, acc) = rev (if null line then acc else rev line :: acc)
  | fill (w :: ws, line, acc) =
      let val len = foldl (fn (x, n) => n + size x + 1) 0 line
      in if null line orelse len + size w <= width then fill (ws, w :: line, acc)
         else fill (w :: ws, [], rev line :: acc)
      end

fun justify ws =
  let val gaps = List.length ws - 1
      val spaces = width - foldl (fn (w, n) => n + size w) 0 ws
      fun go ([], _) = ""
        | go ([w], _) = w
        | go (w :: rest, i) =
            let val n = spaces div gaps + (if i < spaces mod gaps then 1 else 0)
            in w ^ StringCvt.padRight #" " n "" ^ go (rest, i + 1) end
  in if gaps = 0 then StringCvt.padRight #" " width (hd ws) else go (ws, 0) end

val lines = fill (String.tokens Char.isSpace text, [], [])
val out = map justify lines
val _ = List.app (fn l => print ("|" ^ l ^ "|\n")) out

val result = (List.length lines, List.all (fn l => size l = width) out)
