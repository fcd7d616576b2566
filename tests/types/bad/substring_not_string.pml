(* a string where Substring.tokens takes a substring *)
val words = Substring.tokens Char.isSpace "two words"
val result = List.length words
