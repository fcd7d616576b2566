(* Overloaded comparisons and sorting of IntInf values. *)
fun insert (x : IntInf.int, []) = [x]
  | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)
val xs = [IntInf.pow (10, 20), IntInf.fromInt ~5, IntInf.pow (2, 70), IntInf.fromInt 0, ~ (IntInf.pow (3, 40))]
val result = (foldl insert [] xs, IntInf.pow (10, 20) > IntInf.pow (2, 66), IntInf.fromInt 3 = IntInf.fromInt 3)
