(* Continuation-passing style: factorial, list sum and a search that
   escapes through its failure continuation; simultaneous val ... and *)
fun factCPS (0, k) = k 1
  | factCPS (n, k) = factCPS (n - 1, fn r => k (n * r))

fun sumCPS ([], k) = k 0
  | sumCPS (x :: xs, k) = sumCPS (xs, fn s => k (x + s))

(* find the first element satisfying p: success and failure continuations *)
fun findCPS p [] succ fail = fail ()
  | findCPS p (x :: xs) succ fail = if p x then succ x else findCPS p xs succ fail

datatype 'a tree = L | N of 'a tree * 'a * 'a tree
fun inorderCPS (L, k) = k []
  | inorderCPS (N (l, x, r), k) = inorderCPS (r, fn rs => inorderCPS (l, fn ls => k (ls @ x :: rs)))

val a = factCPS (10, fn x => x) and b = sumCPS ([1, 2, 3, 4], fn s => s * 10)
val (a, b) = (b, a)
val c = findCPS (fn x => x > 3) [1, 5, 2, 7] (fn x => "found " ^ Int.toString x) (fn () => "none")
and d = findCPS (fn x => x > 30) [1, 5] (fn x => "found " ^ Int.toString x) (fn () => "none")
val result = (a, b, c, d, inorderCPS (N (N (L, 1, L), 2, N (L, 3, N (L, 4, L))), fn l => l))
