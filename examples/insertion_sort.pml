(* insertion_sort.pml — insertion sort on lists: a sequential control.
 *
 * Each element is inserted into a sorted list with foldl.  There are no
 * parallel pairs at all.
 *
 * What it shows: with no parallelism the computation graph is one chain,
 * so every policy on any number of processors visits the same node at
 * each step: the same number of steps, the same high-water mark.  Use it
 * to check the tool and as a baseline for the parallel sorts.
 *
 *   pml run examples/insertion_sort.pml -D n=32 --sched=df,bf,ws -p 1,4
 *
 * result: (number of elements, whether the output is sorted, a checksum of
 * the output in order). *)

fun randoms (0, _) = []
  | randoms (k, x) =
      let val x' = (x * 1101 + 12345) mod 32768
      in x' mod 1000 :: randoms (k - 1, x') end

fun insert (x, []) = [x]
  | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)

fun isort l = foldl insert [] l

fun sorted (x :: (rest as y :: _)) = x <= y andalso sorted rest
  | sorted _ = true

fun checksum l = foldl (fn (x, acc) => (acc * 31 + x) mod 1000003) 0 l

val n = param ("n", 32)
val output = isort (randoms (n, 1))

val result = (List.length output, sorted output, checksum output)
