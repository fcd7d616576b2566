(* mergesort.pml — parallel mergesort on lists.
 *
 * The list is dealt into two halves, the halves are sorted as a parallel
 * pair, and the sorted halves are merged (sequentially).  The input is
 * pseudo-random (a linear congruential generator).
 *
 * What it shows: balanced divide and conquer with a sequential combine.
 * Parallelism is wide near the leaves and narrows to a single merge at the
 * top; at each level both halves are live until the merge, so space stays
 * within a constant factor of the input under depth-first scheduling,
 * while breadth-first scheduling splits the whole input before merging
 * anything.
 *
 *   pml run examples/mergesort.pml -D n=64 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/mergesort.pml -D n=16:256:16 --sched=df,bf,ws -p 2 -o ms.csv --plot ms.svg
 *
 * result: (number of elements, whether the output is sorted, a checksum of
 * the output in order). *)

(* pseudo-random integers in [0, 1000): x' = (1101 x + 12345) mod 2^15 *)
fun randoms (0, _) = []
  | randoms (k, x) =
      let val x' = (x * 1101 + 12345) mod 32768
      in x' mod 1000 :: randoms (k - 1, x') end

(* deal a list into two lists of (nearly) equal length *)
fun split [] = ([], [])
  | split [x] = ([x], [])
  | split (x :: y :: rest) =
      let val (a, b) = split rest in (x :: a, y :: b) end

fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (x :: xs, y :: ys) =
      if x <= y then x :: merge (xs, y :: ys)
      else y :: merge (x :: xs, ys)

fun msort [] = []
  | msort [x] = [x]
  | msort l =
      let
        val (a, b) = split l
        val (sa, sb) = { msort a, msort b }
      in
        merge (sa, sb)
      end

fun sorted (x :: (rest as y :: _)) = x <= y andalso sorted rest
  | sorted _ = true

fun checksum l = foldl (fn (x, acc) => (acc * 31 + x) mod 1000003) 0 l

val n = param ("n", 64)
val output = msort (randoms (n, 1))

val result = (List.length output, sorted output, checksum output)
