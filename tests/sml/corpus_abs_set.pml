(* Integer sets as sorted lists without duplicates, an abstype with set algebra *)
abstype set = S of int list
with
  val empty = S []
  fun insert (x, S l) =
      let fun ins [] = [x]
            | ins (y :: ys) = if x < y then x :: y :: ys
                              else if x = y then y :: ys else y :: ins ys
      in S (ins l) end
  fun fromList l = foldl insert empty l
  fun member (x, S l) = List.exists (fn y => y = x) l
  fun union (S a, S b) =
      let fun u ([], ys) = ys
            | u (xs, []) = xs
            | u (x :: xs, y :: ys) =
                if x < y then x :: u (xs, y :: ys)
                else if y < x then y :: u (x :: xs, ys)
                else x :: u (xs, ys)
      in S (u (a, b)) end
  fun inter (S a, S b) = S (List.filter (fn x => List.exists (fn y => y = x) b) a)
  fun diff (S a, S b) = S (List.filter (fn x => not (List.exists (fn y => y = x) b)) a)
  fun elems (S l) = l
  fun card (S l) = List.length l
end

val evens = fromList [10, 2, 8, 4, 6, 2]
val small = fromList [1, 2, 3, 4, 5]
val result = (elems (union (evens, small)), elems (inter (evens, small)),
              elems (diff (small, evens)), card evens, member (7, small), member (3, small))
