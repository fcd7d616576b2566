(* Text formatting: greedy line filling to a width, then full justification
   by spreading spaces, and centring *)
fun fill (width, words) =
    let fun go ([], [], acc) = rev acc
          | go ([], line, acc) = rev (rev line :: acc)
          | go (w :: ws, [], acc) = go (ws, [w], acc)
          | go (w :: ws, line, acc) =
              let val len = foldl (fn (x, n) => n + size x + 1) 0 line in
                  if len + size w <= width then go (ws, w :: line, acc)
                  else go (w :: ws, [], rev line :: acc)
              end
    in go (words, [], []) end

fun spaces n = implode (List.tabulate (n, fn _ => #" "))

fun justify width [w] = w ^ spaces (width - size w)
  | justify width line =
      let val letters = foldl (fn (w, n) => n + size w) 0 line
          val gaps = List.length line - 1
          val total = width - letters
          val each = total div gaps
          val extra = total mod gaps
          fun build (i, [w]) = w
            | build (i, w :: ws) = w ^ spaces (each + (if i < extra then 1 else 0)) ^ build (i + 1, ws)
            | build (_, []) = ""
      in build (0, line) end

fun centre width s = let val pad = width - size s in spaces (pad div 2) ^ s ^ spaces (pad - pad div 2) end

val text = "the quick brown fox jumps over the lazy dog and keeps running far away"
val lines = fill (20, String.tokens (fn c => c = #" ") text)
val result = (map (String.concatWith " ") lines,
              map (fn l => justify 20 l) (List.take (lines, List.length lines - 1)),
              map (fn l => "|" ^ l ^ "|") (map (centre 11) ["ab", "title", "x"]))
