(* matmul.pml — matrix multiplication, the paper's Figure 1 (§2).
 *
 * mm_mult multiplies an n x n matrix A (row-major: a vector of rows) by an
 * n x n matrix B given in column-major form (a vector of columns), using
 * the prelude's tabulate and reducei, which split every index range in two
 * halves evaluated as a parallel pair.  Up to n^3 scalar multiplications
 * may run in parallel.
 *
 * What it shows: the choice of scheduler changes how space grows with n.
 * Breadth-first scheduling starts every vv_mult at once and keeps their
 * closures, partial vectors and the scheduler queue alive together, so its
 * high-water mark grows much faster with n than that of depth-first or
 * work stealing (paper Fig. 2(b), 10(a)).  Much of the space is the
 * vectors allocated by tabulate's append (#1 lr, #2 lr).
 *
 *   pml run examples/matmul.pml -D n=8 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/matmul.pml -D n=2:16 --sched=df,bf -p 2 -o mm.csv --plot mm.svg
 *
 * result: the sum of all entries of the product (a real; the entries are
 * small integers, so the sum is exact). *)

fun mm_mult (A, B) =
  let
    fun vv_mult (b, a) = reducei op+ (fn (i, x) => sub (b, i) * x) 0.0 a
    fun mv_mult (B, a) = tabulate (fn i => vv_mult (sub (B, i), a), length B)
  in
    tabulate (fn i => mv_mult (B, sub (A, i)), length A)
  end

val n = param ("n", 8)

(* A: row i is [(i + 2j) mod 7 | j < n]; B: column j is [(3i + j) mod 5 - 2 | i < n] *)
val A = tabulate (fn i => tabulate (fn j => real ((i + 2 * j) mod 7), n), n)
val B = tabulate (fn j => tabulate (fn i => real ((3 * i + j) mod 5 - 2), n), n)

val C = mm_mult (A, B)

val result = reduce op+ 0.0 (mapv (fn row => reduce op+ 0.0 row) C)
