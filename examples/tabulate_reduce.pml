(* tabulate_reduce.pml — the prelude's parallel vector functions, small.
 *
 * Builds the vector of the first n squares with tabulate, then sums it
 * three ways: reduce, reducei (weighting each element by its index) and
 * mapreduce (without building the intermediate vector).  Each function
 * splits its index range in halves evaluated as parallel pairs (paper
 * Fig. 1).
 *
 * What it shows, for teaching: a balanced fork-join tree of depth log n.
 * tabulate allocates a vector at every internal node (append) whose halves
 * die once appended; a reduction allocates nothing but its partial sums.
 * Compare the "scheduler queue" under bf with df as n grows, and look at
 * the graph:
 *
 *   pml run examples/tabulate_reduce.pml -D n=16 --sched=df,bf,ws -p 1,2,4
 *   pml dot examples/tabulate_reduce.pml -D n=8 --sched=bf -p 2 -o tr.dot
 *
 * result: (sum of squares, sum of i * i^2, sum of the squares computed by
 * mapreduce) for i < n; n = 16: (1240, 14400, 1240). *)

val n = param ("n", 16)

val squares = tabulate (fn i => i * i, n)

val total = reduce op+ 0 squares
val weighted = reducei op+ (fn (i, x) => i * x) 0 squares
val direct = mapreduce op+ (fn i => i * i) 0 (tabulate (fn i => i, n))

val result = (total, weighted, direct)
