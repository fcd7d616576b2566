(* Splitting CSV lines with String.fields (empty fields kept) and parsing
 * the numeric columns with Int.fromString. *)
val rows = ["alice,30,paris", "bob,,london", "carol,41,", ",,", "dave,x7,rome"]

fun parse line =
  case String.fields (fn c => c = #",") line of
      [name, age, city] => SOME (name, Int.fromString age, city)
    | _ => NONE

val parsed = List.mapPartial parse rows
val ages = List.mapPartial #2 parsed
val total = foldl op+ 0 ages

val result = (parsed, total, List.length (String.fields (fn c => c = #",") ""))
