(* Word frequencies of the standard input: read with TextIO.inputAll,
 * split with String.tokens, counted in an association list, sorted. *)
val text = TextIO.inputAll TextIO.stdIn
val words = String.tokens (fn c => not (Char.isAlpha c)) (String.map Char.toLower text)

fun add (w, []) = [(w, 1)]
  | add (w, (v, n) :: rest) = if v = w then (v, n + 1) :: rest else (v, n) :: add (w, rest)

val counts = foldl add [] words

fun insert (x, []) = [x]
  | insert ((w : string, n), (v, m) :: rest) =
      if n > m orelse (n = m andalso w < v) then (w, n) :: (v, m) :: rest
      else (v, m) :: insert ((w, n), rest)

val sorted = foldl insert [] counts
val _ = List.app (fn (w, n) => print (StringCvt.padLeft #" " 3 (Int.toString n) ^ " " ^ w ^ "\n"))
                 (List.take (sorted, 5))

val result = (List.length words, List.take (sorted, 3))
