(* Bubble sort on lists: passes until nothing moves *)
fun pass [] = ([], false)
  | pass [x] = ([x], false)
  | pass (x :: y :: rest) =
      if x > y then let val (r, _) = pass (x :: rest) in (y :: r, true) end
      else let val (r, c) = pass (y :: rest) in (x :: r, c) end

fun bubble xs =
  let val (ys, changed) = pass xs
  in if changed then bubble ys else ys end

fun countPasses xs =
  let val (ys, changed) = pass xs
  in if changed then 1 + countPasses ys else 1 end

val data = [64, 34, 25, 12, 22, 11, 90]
val result = (bubble data, countPasses data)
