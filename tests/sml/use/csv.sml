(* A CSV module as a solution file: a structure with a signature. *)
signature CSV =
sig
  val splitLine : string -> string list
  val parse : string -> string list list
  val column : int -> string list list -> string list
end

structure Csv :> CSV =
struct
  fun splitLine line = map (Substring.string o Substring.dropl Char.isSpace o Substring.dropr Char.isSpace)
                           (Substring.fields (fn c => c = #",") (Substring.full line))
  fun parse text = map splitLine (String.tokens (fn c => c = #"\n") text)
  fun column i rows = List.mapPartial (fn r => SOME (List.nth (r, i)) handle Subscript => NONE) rows
end
