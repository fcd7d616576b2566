(* Word frequencies in a text, sorted by count then alphabetically *)
val text = "the quick brown fox jumps over the lazy dog the fox barks and the dog runs over the hill"

fun count (w, []) = [(w, 1)]
  | count (w, (v, n) :: rest) = if w = v then (v, n + 1) :: rest else (v, n) :: count (w, rest)

fun insertBy (x, []) = [x]
  | insertBy ((w, n), (v, m) :: rest) =
      if n > m orelse (n = m andalso String.compare (w, v) = LESS) then (w, n) :: (v, m) :: rest
      else (v, m) :: insertBy ((w, n), rest)

val words = String.tokens (fn c => c = #" ") text
val freq = foldl insertBy [] (foldl count [] words)
val top3 = List.take (freq, 3)
val longest = foldl (fn (w, best) => if size w > size best then w else best) "" words
val result = (List.length words, top3, longest,
              String.concatWith "," (map (fn (w, n) => w ^ "=" ^ Int.toString n) (List.take (freq, 5))))
