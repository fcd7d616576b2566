(* In-place sorting of an array, as a textbook writes it: insertion sort
 * and a Lomuto quicksort, both with Array.sub/update and while loops. *)
fun swap (a, i, j) =
  let val t = Array.sub (a, i)
  in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end

fun insertionSort a =
  let
    val i = ref 1
  in
    while !i < Array.length a do
      let val j = ref (!i)
      in
        while !j > 0 andalso Array.sub (a, !j - 1) > Array.sub (a, !j) do
          (swap (a, !j - 1, !j); j := !j - 1);
        i := !i + 1
      end
  end

fun partition (a, lo, hi) =
  let
    val pivot = Array.sub (a, hi)
    val store = ref lo
  in
    Array.appi (fn (k, x) => if k >= lo andalso k < hi andalso x < pivot
                             then (swap (a, k, !store); store := !store + 1)
                             else ()) a;
    swap (a, !store, hi);
    !store
  end

fun quicksort (a, lo, hi) =
  if lo >= hi then ()
  else let val p = partition (a, lo, hi)
       in quicksort (a, lo, p - 1); quicksort (a, p + 1, hi) end

fun pseudo n = Array.tabulate (n, fn i => (i * 7919 + 13) mod 101)

val a1 = pseudo 17
val () = insertionSort a1
val a2 = pseudo 23
val () = quicksort (a2, 0, Array.length a2 - 1)
fun sorted a = Array.foldli (fn (i, x, ok) => ok andalso (i = 0 orelse Array.sub (a, i - 1) <= x)) true a
val result = (Array.vector a1, sorted a1, Array.foldr (op ::) [] a2, sorted a2)
