(* Reads all of standard input at once (TextIO.inputAll) and sums the
 * numbers in it, as a judge's solution does. *)
val text = TextIO.inputAll TextIO.stdIn
val fields = String.tokens (fn c => c = #" " orelse c = #"\n" orelse c = #",") text
val nums = List.mapPartial Int.fromString fields
val total = foldl op+ 0 nums
val rest = TextIO.inputAll TextIO.stdIn
val result = (List.length nums, total, rest, TextIO.inputLine TextIO.stdIn)
