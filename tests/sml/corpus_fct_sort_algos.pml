(* Sorting algorithms written once over an ORD signature: insertion sort,
   merge sort and quicksort, applied to ints, to strings by length then
   alphabetically, and to records by a field *)
signature ORD = sig
  type t
  val compare : t * t -> order
end

functor Sorts (O : ORD) = struct
  fun le (a, b) = O.compare (a, b) <> GREATER
  fun insertion l =
    let fun ins (x, []) = [x]
          | ins (x, y :: ys) = if le (x, y) then x :: y :: ys else y :: ins (x, ys)
    in List.foldr ins [] l end
  fun merge ([], ys) = ys
    | merge (xs, []) = xs
    | merge (x :: xs, y :: ys) = if le (x, y) then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)
  fun mergesort [] = []
    | mergesort [x] = [x]
    | mergesort l =
        let val half = List.length l div 2
        in merge (mergesort (List.take (l, half)), mergesort (List.drop (l, half))) end
  fun quicksort [] = []
    | quicksort (p :: rest) =
        let val (small, big) = List.partition (fn x => O.compare (x, p) = LESS) rest
        in quicksort small @ p :: quicksort big end
  fun isSorted (a :: (rest as b :: _)) = le (a, b) andalso isSorted rest
    | isSorted _ = true
end

structure IntSorts = Sorts (struct type t = int val compare = Int.compare end)
structure WordSorts = Sorts (struct
  type t = string
  fun compare (a, b) =
    case Int.compare (size a, size b) of EQUAL => String.compare (a, b) | ord => ord
end)
structure ByScore = Sorts (struct
  type t = {name : string, score : int}
  fun compare (a : t, b : t) = Int.compare (#score b, #score a)
end)

val nums = [31, 4, 15, 9, 26, 5, 35, 8, 97, 9, 32]
val words = ["pear", "fig", "banana", "kiwi", "apple", "date", "plum"]
val scores = [{name = "ann", score = 71}, {name = "bo", score = 93}, {name = "cy", score = 71}, {name = "di", score = 88}]

val result = (IntSorts.insertion nums, IntSorts.mergesort nums = IntSorts.quicksort nums,
              WordSorts.mergesort words, WordSorts.isSorted words,
              List.map #name (ByScore.mergesort scores), List.map #name (ByScore.insertion scores))
