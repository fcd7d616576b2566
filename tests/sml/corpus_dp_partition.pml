(* Integer partitions and Catalan numbers by dynamic programming over lists *)
fun partitions n =
  let fun addPart (k, ways) =
        let fun go (i, acc) = if i > n then rev acc
                              else go (i + 1, (List.nth (ways, i) + (if i >= k then List.nth (rev acc, i - k) else 0)) :: acc)
        in go (1, [List.nth (ways, 0)]) end
  in List.nth (foldl addPart (1 :: List.tabulate (n, fn _ => 0)) (List.tabulate (n, fn i => i + 1)), n) end
fun catalan n =
  let fun next (cs, m) = foldl op+ 0 (ListPair.map op* (cs, rev cs)) :: cs
      val cs = foldl (fn (m, cs) => rev (next (rev cs, m))) [1] (List.tabulate (n, fn i => i))
  in cs end
val result = (map partitions [1, 2, 3, 4, 5, 10, 20], catalan 10)
