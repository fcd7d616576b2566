(* Group words into anagram classes by their sorted letters *)
fun insertC (c, []) = [c]
  | insertC (c, d :: ds) = if ord c <= ord d then c :: d :: ds else d :: insertC (c, ds)
fun key w = implode (foldl insertC [] (explode (String.map Char.toLower w)))

fun addTo (w, []) = [(key w, [w])]
  | addTo (w, (k, ws) :: rest) = if key w = k then (k, ws @ [w]) :: rest else (k, ws) :: addTo (w, rest)

val words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog", "Inlets"]
val groups = foldl addTo [] words
val result = (map #2 groups, List.filter (fn (_, ws) => List.length ws > 2) groups, key "Banana")
