(* n-queens without parallel pairs: all solutions for n = 6 as row lists. *)
fun safe (c, placed) =
  let fun ok ([], _) = true
        | ok (q :: qs, d) = q <> c andalso abs (q - c) <> d andalso ok (qs, d + 1)
  in ok (placed, 1) end
fun queens (n, placed) =
  if List.length placed = n then [placed]
  else List.concat (List.tabulate (n, fn c =>
         if safe (c, placed) then queens (n, c :: placed) else []))
val sols = queens (6, [])
val result = (List.length sols, sols, List.length (queens (7, [])))
