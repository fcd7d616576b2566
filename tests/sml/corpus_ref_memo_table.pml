(* Memoisation with a mutable table held in a ref: Catalan numbers and
   the count of calls saved *)
val calls = ref 0
val table : (int * int) list ref = ref []

fun catalan n =
    case List.find (fn (k, _) => k = n) (!table) of
        SOME (_, v) => v
      | NONE =>
          let val _ = calls := !calls + 1
              val v = if n <= 1 then 1
                      else foldl op+ 0 (List.tabulate (n, fn i => catalan i * catalan (n - 1 - i)))
          in table := (n, v) :: !table; v end

val first = List.tabulate (12, catalan)
val callsAfter = !calls
val again = catalan 11
val result = (first, callsAfter, again, !calls, List.length (!table))
