(* A spelling suggester: Levenshtein distance against a small dictionary,
   suggestions within distance 2, best first *)
fun distance (s, t) =
    let val a = Vector.fromList (explode s) and b = Vector.fromList (explode t)
        val m = Vector.length b
        fun row (prev, i) =
            let fun fill (j, acc) =
                    if j > m then Vector.fromList (rev acc)
                    else let val cost = if Vector.sub (a, i - 1) = Vector.sub (b, j - 1) then 0 else 1
                             val v = Int.min (Int.min (Vector.sub (prev, j) + 1, hd acc + 1),
                                              Vector.sub (prev, j - 1) + cost)
                         in fill (j + 1, v :: acc) end
            in fill (1, [i]) end
        fun go (prev, i) = if i > Vector.length a then prev else go (row (prev, i), i + 1)
    in Vector.sub (go (Vector.tabulate (m + 1, fn j => j), 1), m) end

val dictionary = ["apple", "apply", "ample", "maple", "angle", "ankle", "able", "table", "cable"]

fun insertBy (x as (d, w : string), []) = [x]
  | insertBy (x as (d, w), (y as (d', w')) :: ys) =
      if d < d' orelse (d = d' andalso w < w') then x :: y :: ys else y :: insertBy (x, ys)

fun suggest word =
    if List.exists (fn w => w = word) dictionary then [word]
    else map #2 (foldl insertBy [] (List.filter (fn (d, _) => d <= 2)
                                                (map (fn w => (distance (word, w), w)) dictionary)))

val result = (distance ("kitten", "sitting"), distance ("", "abc"), distance ("flaw", "lawn"),
              map suggest ["aple", "tabel", "apple", "zzzzz", "ankel"])
