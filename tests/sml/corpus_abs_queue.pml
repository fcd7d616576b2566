(* A functional queue as an abstype: two lists, the back reversed on demand *)
abstype 'a queue = Q of 'a list * 'a list
with
  val empty = Q ([], [])
  fun isEmpty (Q ([], [])) = true
    | isEmpty _ = false
  fun enqueue (x, Q (f, b)) = Q (f, x :: b)
  fun dequeue (Q ([], [])) = raise Empty
    | dequeue (Q ([], b)) = dequeue (Q (rev b, []))
    | dequeue (Q (x :: f, b)) = (x, Q (f, b))
  fun toList (Q (f, b)) = f @ rev b
end

fun drain q = if isEmpty q then [] else let val (x, q') = dequeue q in x :: drain q' end

val q1 = foldl enqueue empty [1, 2, 3, 4]
val (a, q2) = dequeue q1
val q3 = enqueue (5, enqueue (6, q2))
val result = (a, toList q3, drain q3, isEmpty empty, (dequeue empty; 0) handle Empty => ~1)
