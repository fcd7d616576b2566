(* Parallel reductions with a record of statistics: count, sum, min, max,
   combined associatively *)
type stats = {count : int, sum : int, lo : int, hi : int}

fun single x = {count = 1, sum = x, lo = x, hi = x}
fun combine (a : stats, b : stats) =
    {count = #count a + #count b, sum = #sum a + #sum b,
     lo = Int.min (#lo a, #lo b), hi = Int.max (#hi a, #hi b)}

fun reduceStats v lo hi =
    if hi - lo = 1 then single (Vector.sub (v, lo))
    else let val mid = (lo + hi) div 2
             val (a, b) = {reduceStats v lo mid, reduceStats v mid hi}
         in combine (a, b) end

val v = Vector.tabulate (25, fn i => (i * 29) mod 31 - 10)
val s = reduceStats v 0 (Vector.length v)
val seq = Vector.foldl (fn (x, acc) => combine (acc, single x)) (single (Vector.sub (v, 0)))
                       (Vector.tabulate (Vector.length v - 1, fn i => Vector.sub (v, i + 1)))
val result = (s, s = seq, #sum s div #count s)
