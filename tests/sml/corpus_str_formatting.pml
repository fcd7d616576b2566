(* Text formatting: padding, centring, word wrapping and a table *)
fun spaces n = implode (List.tabulate (Int.max (n, 0), fn _ => #" "))
fun padLeft (s, w) = spaces (w - size s) ^ s
fun padRight (s, w) = s ^ spaces (w - size s)
fun centre (s, w) = let val l = (w - size s) div 2 in spaces l ^ s ^ spaces (w - size s - l) end

fun wrap (width, text) =
  let fun go ([], line, acc) = rev (if line = "" then acc else line :: acc)
        | go (w :: ws, line, acc) =
            if line = "" then go (ws, w, acc)
            else if size line + 1 + size w <= width then go (ws, line ^ " " ^ w, acc)
            else go (ws, w, line :: acc)
  in go (String.tokens Char.isSpace text, "", []) end

val rows = [("apple", 3, 120), ("banana", 12, 45), ("kiwi", 7, 300)]
val table = map (fn (n, q, p) => padRight (n, 8) ^ "|" ^ padLeft (Int.toString q, 4) ^ "|" ^ padLeft (Int.toString p, 5)) rows
val text = "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness"
val result = (table, wrap (30, text), centre ("title", 11), padLeft ("toolong", 3), String.concatWith "\n" (wrap (20, text)))
