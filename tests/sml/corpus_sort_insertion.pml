(* Insertion sort, Paulson ch. 3 style *)
fun ins (x, []) = [x]
  | ins (x, y :: ys) = if x <= y then x :: y :: ys else y :: ins (x, ys)

fun insort [] = []
  | insort (x :: xs) = ins (x, insort xs)

fun sorted [] = true
  | sorted [_] = true
  | sorted (x :: y :: rest) = x <= y andalso sorted (y :: rest)

val data = [31, 4, 15, 9, 26, 5, 35, 8, 97, 93, 23, 84, 62, 64, 33, 83, 27, 95]
val s = insort data
val result = (s, sorted s, sorted data, insort [2, 1])
