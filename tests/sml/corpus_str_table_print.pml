(* Printing a formatted table of results with padding, the way course
   assignments print their output *)
fun padLeft (s, n) = if size s >= n then s else padLeft (" " ^ s, n)
fun padRight (s, n) = if size s >= n then s else padRight (s ^ " ", n)

fun fact 0 = 1
  | fact n = n * fact (n - 1)
fun fib n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, a + b) in go (n, 0, 1) end

fun row n = padLeft (Int.toString n, 3) ^ " | " ^ padLeft (Int.toString (fact n), 9) ^ " | " ^ padLeft (Int.toString (fib n), 4)

val _ = print (padRight ("n", 3) ^ " | " ^ padLeft ("n!", 9) ^ " | " ^ padLeft ("fib", 4) ^ "\n")
val _ = print (implode (List.tabulate (24, fn _ => #"-")) ^ "\n")
val _ = List.app (fn n => print (row n ^ "\n")) (List.tabulate (11, fn i => i))
val total = foldl op+ 0 (List.tabulate (11, fib))
val _ = print ("sum of fib: " ^ Int.toString total ^ "\n")
val result = total
