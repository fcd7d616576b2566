(* Merge sort on vectors by index ranges *)
fun mergeV (a, b) =
  let val na = length a
      val nb = length b
      fun go (i, j) =
        if i = na then List.tabulate (nb - j, fn k => sub (b, j + k))
        else if j = nb then List.tabulate (na - i, fn k => sub (a, i + k))
        else if sub (a, i) <= sub (b, j) then sub (a, i) :: go (i + 1, j)
        else sub (b, j) :: go (i, j + 1)
  in fromList (go (0, 0)) end

fun slice (v, i, n) = fromList (List.tabulate (n, fn k => sub (v, i + k)))

fun msort v =
  if length v <= 1 then v
  else let val h = length v div 2
       in mergeV (msort (slice (v, 0, h)), msort (slice (v, h, length v - h))) end

val v = fromList [12, 11, 13, 5, 6, 7, 1, 20, 3]
val result = (toList (msort v), msort v)
