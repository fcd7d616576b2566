(* fib.pml — naive parallel Fibonacci: the smallest fork-join program.
 *
 * fib n forks fib (n-1) and fib (n-2) as a parallel pair and adds the
 * results.  The only data are integers.
 *
 * What it shows: scheduling alone.  The live data is tiny, so the space
 * is dominated by pending work: depth-first keeps only O(n) suspended
 * branches (one per level of the recursion), while breadth-first enqueues
 * whole levels of the call tree, and its "scheduler queue" line grows
 * exponentially with n.  Work stealing stays close to depth-first per
 * processor.
 *
 *   pml run examples/fib.pml -D n=15 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/fib.pml -D n=4:18 --sched=df,bf,ws -p 2 -o fib.csv --plot fib.svg
 *
 * result: fib n (n = 15: 610). *)

fun fib n =
  if n < 2 then n
  else
    let val (a, b) = { fib (n - 1), fib (n - 2) }
    in a + b end

val n = param ("n", 15)

val result = fib n
