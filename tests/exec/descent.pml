(* descent.pml — a recursion down a list that copies the rest at each
 * level (issue 26's leak (a)).  In the cost semantics each level's
 * argument is dead once the copy is made, so at most two lists are live:
 * O(n) words.  A frame that keeps its matched argument until it returns
 * keeps every level's list: O(n^2). *)

fun walk [] = 0
  | walk (x :: xs) = 1 + walk (map (fn y => y + 1) xs)

val n = param ("n", 2000)
val result = walk (List.tabulate (n, fn i => i))
