(* LSD radix sort on non-negative integers, base 10, with buckets as lists *)
fun digit (n, p) = (n div p) mod 10

fun bucketize (xs, p) =
  let fun add (x, bs) =
        List.tabulate (10, fn d => if d = digit (x, p) then x :: List.nth (bs, d) else List.nth (bs, d))
  in map rev (foldl add (List.tabulate (10, fn _ => [])) xs) end

fun radix (xs, p, 0) = xs
  | radix (xs, p, rounds) = radix (List.concat (bucketize (xs, p)), p * 10, rounds - 1)

val data = [170, 45, 75, 90, 802, 24, 2, 66, 5, 999, 100]
val result = radix (data, 1, 3)
