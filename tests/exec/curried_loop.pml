(* curried_loop.pml — a curried function called in tail position, as the
 * prelude's foldl is (issue 26: mergesort's checksum).  The interpreter
 * nests a C frame per call; in the cost semantics each call's closure is
 * dead once it is applied, so the loop runs in O(1) words.  A frame that
 * keeps the closure it applied (and its group of captured values) keeps
 * one per iteration: O(n). *)

fun count step acc k = if k = 0 then acc else count step (step acc) (k - 1)

val n = param ("n", 2000)
val result = count (fn a => (a * 31 + 7) mod 1000003) 0 n
