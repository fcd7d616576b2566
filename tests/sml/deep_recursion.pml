(* Non-tail recursion 10000 deep, and a long list. *)
fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n)
fun sum [] = 0
  | sum (x :: xs) = x + sum xs
fun count 0 = 0
  | count n = 1 + count (n - 1)
val l = upto (1, 10000)
val result = (sum l, count 10000, List.length l, List.nth (l, 9999), List.last l)
