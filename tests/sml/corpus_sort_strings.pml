(* Sorting strings: merge sort with String.compare, case-insensitive order, and by length then text *)
fun msort cmp [] = []
  | msort cmp [x] = [x]
  | msort cmp xs =
      let val k = List.length xs div 2
          fun merge ([], b) = b
            | merge (a, []) = a
            | merge (x :: a, y :: b) = if cmp (x, y) = GREATER then y :: merge (x :: a, b) else x :: merge (a, y :: b)
      in merge (msort cmp (List.take (xs, k)), msort cmp (List.drop (xs, k))) end
fun lower s = String.map Char.toLower s
val words = ["banana", "Apple", "cherry", "apple", "Date", "fig", "elderberry", "Banana"]
val result = (msort String.compare words, msort (fn (a, b) => String.compare (lower a, lower b)) words,
              msort (fn (a, b) => case Int.compare (size a, size b) of EQUAL => String.compare (a, b) | r => r) words)
