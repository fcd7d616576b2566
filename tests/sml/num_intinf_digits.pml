(* The digit sum of 2^1000 and the number of digits of 100! (Project Euler style). *)
fun digits (n : IntInf.int) = map (fn c => ord c - ord #"0") (explode (IntInf.toString n))
fun fact n = if n = 0 then IntInf.fromInt 1 else IntInf.fromInt n * fact (n - 1)
val result = (foldl op+ 0 (digits (IntInf.pow (2, 1000))), length (digits (fact 100)), foldl op+ 0 (digits (fact 100)))
