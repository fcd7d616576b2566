(* The Soundex phonetic code and grouping of names that sound alike *)
fun code c =
    case Char.toLower c of
        #"b" => #"1" | #"f" => #"1" | #"p" => #"1" | #"v" => #"1"
      | #"c" => #"2" | #"g" => #"2" | #"j" => #"2" | #"k" => #"2" | #"q" => #"2"
      | #"s" => #"2" | #"x" => #"2" | #"z" => #"2"
      | #"d" => #"3" | #"t" => #"3" | #"l" => #"4" | #"m" => #"5" | #"n" => #"5" | #"r" => #"6"
      | #"h" => #"h" | #"w" => #"h"
      | _ => #"0"

fun soundex name =
    case explode name of
        [] => ""
      | first :: rest =>
          let fun go ([], _, acc) = rev acc
                | go (c :: cs, prev, acc) =
                    let val k = code c in
                        if k = #"h" then go (cs, prev, acc)
                        else if k = #"0" then go (cs, #"0", acc)
                        else if k = prev then go (cs, prev, acc)
                        else go (cs, k, k :: acc)
                    end
              val tail = go (rest, code first, [])
              val padded = tail @ [#"0", #"0", #"0"]
          in implode (Char.toUpper first :: List.take (padded, 3)) end

val names = ["Robert", "Rupert", "Rubin", "Ashcraft", "Tymczak", "Pfister", "Lee", "Honeyman"]
fun group [] = []
  | group (n :: ns) =
      let val c = soundex n
          val (same, other) = List.partition (fn m => soundex m = c) ns
      in (c, n :: same) :: group other end
val result = (map soundex names, group names)
