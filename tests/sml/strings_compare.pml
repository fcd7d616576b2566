(* String comparison is lexicographic; concat joins a list of strings. *)
val words = ["pear", "apple", "fig", "apple pie", "Zebra", ""]
fun insert (w : string, []) = [w]
  | insert (w, x :: xs) = if w <= x then w :: x :: xs else x :: insert (w, xs)
val sorted = foldl insert [] words
val result = (sorted, concat sorted, "abc" < "abd", "ab" < "abc", "b" > "abc",
              "x" = "x", "x" <> "y")
