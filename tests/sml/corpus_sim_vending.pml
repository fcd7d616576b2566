(* A vending machine as a state machine over a datatype of events, with
   change given in the fewest coins *)
datatype event = Coin of int | Select of string | Cancel
type state = {credit : int, stock : (string * int * int) list}   (* name, price, count *)

fun change 0 = []
  | change n = let val c = valOf (List.find (fn c => c <= n) [50, 20, 10, 5]) in c :: change (n - c) end

fun step ({credit, stock} : state, Coin c) =
      if List.exists (fn k => k = c) [5, 10, 20, 50] then ({credit = credit + c, stock = stock}, "credit " ^ Int.toString (credit + c))
      else ({credit = credit, stock = stock}, "rejected coin " ^ Int.toString c)
  | step ({credit, stock}, Cancel) = ({credit = 0, stock = stock}, "returned " ^ Int.toString credit)
  | step ({credit, stock}, Select name) =
      case List.find (fn (n, _, _) => n = name) stock of
          NONE => ({credit = credit, stock = stock}, "unknown " ^ name)
        | SOME (_, price, count) =>
            if count = 0 then ({credit = credit, stock = stock}, name ^ " sold out")
            else if credit < price then ({credit = credit, stock = stock}, "need " ^ Int.toString (price - credit))
            else ({credit = 0, stock = map (fn (n, p, k) => if n = name then (n, p, k - 1) else (n, p, k)) stock},
                  name ^ ", change " ^ String.concatWith "+" (map Int.toString (change (credit - price))))

fun simulate (s, []) = (s, [])
  | simulate (s, e :: es) = let val (s', msg) = step (s, e) val (final, msgs) = simulate (s', es) in (final, msg :: msgs) end

val start = {credit = 0, stock = [("cola", 65, 2), ("chips", 40, 1), ("gum", 15, 0)]}
val (final, log) = simulate (start, [Coin 50, Coin 20, Select "cola", Coin 3, Coin 50, Select "chips",
                                     Select "gum", Coin 20, Select "chips", Cancel, Select "tea"])
val result = (log, final)
