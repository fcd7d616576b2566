(* Levenshtein distance, memoised through a table of rows *)
fun edit (s, t) =
  let val m = size s
      val n = size t
      fun row (prev, i) =
        let fun go (j, acc as left :: _) =
              if j > n then fromList (rev acc)
              else let val cost = if String.sub (s, i - 1) = String.sub (t, j - 1) then 0 else 1
                       val v = Int.min (Int.min (sub (prev, j) + 1, left + 1), sub (prev, j - 1) + cost)
                   in go (j + 1, v :: acc) end
              | go (_, []) = raise Empty
        in go (1, [i]) end
      fun loop (i, prev) = if i > m then prev else loop (i + 1, row (prev, i))
  in sub (loop (1, Vector.tabulate (n + 1, fn j => j)), n) end

val pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"), ("", "abc"), ("same", "same")]
val result = map (fn (a, b) => (a, b, edit (a, b))) pairs
