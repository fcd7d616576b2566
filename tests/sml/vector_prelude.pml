(* The prelude's parallel vector functions, used without {...}. *)
val n = 12
val sq = tabulate (fn i => i * i, n)
val total = reduce (op +) 0 sq
val weighted = reducei (op +) (fn (i, x) => i * x) 0 sq
val shifted = mapv (fn x => x - 1) sq
val sumsq = mapreduce (op +) (fn x => x * x) 0 (tabulate (fn i => i, n))
val longest = reduce (fn (a, b) => if size a >= size b then a else b) ""
                     (fromList ["a", "abc", "ab", "abcd", "b"])
val empty = tabulate (fn i => sub (sq, i - 100), 0)
val result = (sq, total, weighted, shifted, sumsq, longest, empty,
              reducei (op +) (fn (i, x) => real i * x) 0.0 (tabulate (fn i => 0.5, 5)))
