exception Empty_queue
fun dequeue [] = raise Empty_queue
  | dequeue (x :: q) = (x, q)
val x = dequeue []
