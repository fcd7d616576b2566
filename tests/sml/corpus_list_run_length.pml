(* Ninety-nine-problems style list exercises: pack consecutive duplicates,
   run-length encode and decode, rotate, split, slice, interleave *)
fun pack [] = []
  | pack (x :: xs) =
      case pack xs of
          (y :: ys) :: rest => if x = y then (x :: y :: ys) :: rest else [x] :: (y :: ys) :: rest
        | _ => [[x]]

fun encode l = map (fn g => (List.length g, hd g)) (pack l)
fun decode l = List.concat (map (fn (n, x) => List.tabulate (n, fn _ => x)) l)
fun rotate (l, n) = let val k = if null l then 0 else n mod List.length l in List.drop (l, k) @ List.take (l, k) end
fun slice (l, i, j) = List.take (List.drop (l, i), j - i)
fun interleave ([], ys) = ys
  | interleave (x :: xs, ys) = x :: interleave (ys, xs)
fun dupli l = List.concat (map (fn x => [x, x]) l)
fun dropEvery (l, n) = List.filter (fn (i, _) => i mod n <> 0) (ListPair.zip (List.tabulate (List.length l, fn i => i + 1), l))

val cs = explode "aaaabccaadeeee"
val result = (implode (map hd (pack cs)), encode cs, implode (decode (encode cs)) = "aaaabccaadeeee",
              rotate ([1, 2, 3, 4, 5, 6, 7, 8], 3), rotate ([1, 2, 3], ~1), slice (explode "abcdefghik", 2, 7),
              interleave ([1, 3, 5, 7], [2, 4]), dupli [1, 2, 3], map #2 (dropEvery (explode "abcdefghik", 3)))
