(* Integer constants take IntInf.int from their context: both 1s and the
   constant past int's range here are IntInf.int. *)
fun fact (n : IntInf.int) = if n = 0 then 1 else n * fact (n - 1)
val big : IntInf.int = 100000000000000000000000
val result = (fact 25, big div 7)
