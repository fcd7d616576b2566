(* quicksort_join.pml — quicksort with a join point (the fix of paper §6.1).
 *
 * The same sort and input as quicksort.pml, but the two partitions are
 * computed first, as one parallel pair, and only then sorted, as a second
 * parallel pair.  Between the two pairs the input list xs is dead: the
 * pending right-hand sort holds only its own (here empty) partition.
 *
 * What it shows: the join point removes the quadratic space of
 * quicksort.pml; the high-water mark under depth-first scheduling grows
 * linearly with n.  The work is the same.  Run both side by side:
 *
 *   pml run examples/quicksort_join.pml -D n=32 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/quicksort_join.pml -D n=8:64:8 --sched=df -p 1 -o qsj.csv --plot qsj.svg
 *
 * result: (number of elements, whether the output is sorted, a checksum of
 * the output in order) — the same as quicksort.pml's. *)

datatype tree = Leaf of int list
              | Node of tree * tree

fun qsort [] = Leaf []
  | qsort [x] = Leaf [x]
  | qsort (p :: xs) =
      let
        (* partition, then join: xs is not needed after this line *)
        val (less, rest) = { filter (fn x => x < p) xs,
                             filter (fn x => x >= p) xs }
        val (l, r) = { qsort less, qsort rest }
      in
        Node (l, Node (Leaf [p], r))
      end

fun flatten (Leaf l, acc) = l @ acc
  | flatten (Node (a, b), acc) = flatten (a, flatten (b, acc))

fun sorted (x :: (rest as y :: _)) = x <= y andalso sorted rest
  | sorted _ = true

fun checksum l = foldl (fn (x, acc) => (acc * 31 + x) mod 1000003) 0 l

val n = param ("n", 32)
val input = List.tabulate (n, fn i => n - i)      (* n, n-1, ..., 1 *)
val output = flatten (qsort input, [])

val result = (List.length output, sorted output, checksum output)
