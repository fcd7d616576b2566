(* pair_descent.pml — descent.pml with a parallel pair around the
 * recursive call (issue 26's leak (b)).  No frame needs a level's list
 * once its copy is made, so the cost semantics keeps O(n) words live, as
 * in descent.pml; a runtime that keeps a branch's environment per pending
 * pair keeps O(n^2). *)

fun walk [] = 0
  | walk (x :: xs) = let val (r, one) = {walk (map (fn y => y + 1) xs), 1} in r + one end

val n = param ("n", 2000)
val result = walk (List.tabulate (n, fn i => i))
