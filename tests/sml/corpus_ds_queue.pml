(* Functional queues: the two-list (batched) representation *)
datatype 'a queue = Q of 'a list * 'a list

val empty = Q ([], [])
fun isEmpty (Q ([], [])) = true
  | isEmpty _ = false

fun norm (Q ([], tails)) = Q (rev tails, [])
  | norm q = q

fun enq (Q (heads, tails), x) = norm (Q (heads, x :: tails))

exception Empty_queue
fun deq (Q (x :: heads, tails)) = norm (Q (heads, tails))
  | deq (Q ([], _)) = raise Empty_queue
fun qhd (Q (x :: _, _)) = x
  | qhd (Q ([], _)) = raise Empty_queue

fun toList q = if isEmpty q then [] else qhd q :: toList (deq q)

(* breadth-first numbering of a simulation: jobs enter and leave *)
fun simulate (q, [], out) = (rev out, toList q)
  | simulate (q, NONE :: ops, out) = simulate (deq q, ops, qhd q :: out)
  | simulate (q, SOME x :: ops, out) = simulate (enq (q, x), ops, out)

val ops = [SOME 1, SOME 2, NONE, SOME 3, SOME 4, NONE, NONE, SOME 5, SOME 6]
val result = (simulate (empty, ops, []),
              (qhd (deq (enq (empty, 1))) handle Empty_queue => ~1))
