(* Grouping and splitting lists: runs, splitting at a predicate, sliding windows, transposition *)
fun runs [] = []
  | runs (x :: xs) =
      case runs xs of
          (r as y :: _) :: rest => if x <= y then (x :: r) :: rest else [x] :: r :: rest
        | _ => [[x]]
fun splitWhen p [] = ([], [])
  | splitWhen p (x :: xs) = if p x then ([], x :: xs) else let val (a, b) = splitWhen p xs in (x :: a, b) end
fun windows (k, l) = if List.length l < k then [] else List.take (l, k) :: windows (k, tl l)
fun sums ws = map (foldl op+ 0) ws

val data = [1, 3, 5, 2, 4, 9, 0, 7, 8]
val result = (runs data, splitWhen (fn x => x > 4) data, windows (3, data), sums (windows (3, data)),
              List.length (windows (9, data)), runs [])
