(* Groups words into anagram classes keyed by their sorted letters, with
 * String.implode, a merge sort on chars and String.compare. *)
fun msort cmp [] = []
  | msort cmp [x] = [x]
  | msort cmp l =
      let val (a, b) = List.splitAt (l, List.length l div 2)
          fun merge ([], ys) = ys
            | merge (xs, []) = xs
            | merge (x :: xs, y :: ys) =
                if cmp (x, y) <> GREATER then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)
      in merge (msort cmp a, msort cmp b) end

fun key w = implode (msort Char.compare (explode (String.map Char.toLower w)))

fun group [] = []
  | group ((k, w) :: rest) =
      let val (same, other) = List.partition (fn (k', _) => k' = k) rest
      in (k, w :: map #2 same) :: group other end

val words = ["listen", "Silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"]
val groups = group (map (fn w => (key w, w)) words)

val result = msort (fn ((a, _), (b, _)) => String.compare (a, b)) groups
