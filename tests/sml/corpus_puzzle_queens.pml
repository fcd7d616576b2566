(* N queens: all solutions by backtracking over lists (Paulson's style) *)
fun safe (q, qs) =
  let fun ok ([], _) = true
        | ok (c :: cs, d) = c <> q andalso abs (c - q) <> d andalso ok (cs, d + 1)
  in ok (qs, 1) end

fun queens n =
  let fun place (0, qs) = [qs]
        | place (k, qs) =
            List.concat (map (fn q => if safe (q, qs) then place (k - 1, q :: qs) else [])
                             (List.tabulate (n, fn i => i + 1)))
  in place (n, []) end

fun board qs = map (fn q => implode (List.tabulate (List.length qs, fn i => if i + 1 = q then #"Q" else #"."))) qs

val result = (map (fn n => List.length (queens n)) [1, 2, 3, 4, 5, 6], hd (queens 6), board (hd (queens 5)))
