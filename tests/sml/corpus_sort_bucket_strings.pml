(* Sorting strings by their first letter into 26 buckets, then each bucket
   by insertion sort; and a counting sort of characters in a text *)
fun insertionSort (l : string list) =
    foldr (fn (x, sorted) =>
              let fun ins [] = [x]
                    | ins (y :: ys) = if x <= y then x :: y :: ys else y :: ins ys
              in ins sorted end) [] l

fun bucketSort words =
    let val buckets = Vector.tabulate (26, fn i =>
            List.filter (fn w => ord (Char.toLower (String.sub (w, 0))) - ord #"a" = i) words)
    in List.concat (Vector.foldr (fn (b, acc) => insertionSort b :: acc) [] buckets) end

fun letterCounts text =
    let val counts = foldl (fn (c, v) => if Char.isAlpha c
                                         then let val i = ord (Char.toLower c) - ord #"a"
                                              in Vector.update (v, i, Vector.sub (v, i) + 1) end
                                         else v)
                           (Vector.tabulate (26, fn _ => 0)) (explode text)
    in List.filter (fn (_, n) => n > 0) (List.tabulate (26, fn i => (chr (i + ord #"a"), Vector.sub (counts, i)))) end

val ws = ["pear", "apple", "plum", "banana", "avocado", "cherry", "blueberry", "apricot", "peach"]
val result = (bucketSort ws, bucketSort ws = insertionSort ws, letterCounts "Hello, World of ML")
