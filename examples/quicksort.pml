(* quicksort.pml — functional quicksort on its worst-case input (paper §6.1).
 *
 * The first element is the pivot; the elements below it and the others
 * are each filtered out of the input list and sorted, the two recursive
 * sorts forming a parallel pair.  The sorted output is a binary tree with
 * lists at its leaves (no appends while sorting); it is flattened at the
 * end.  The input is in reverse order, so every split puts all the
 * remaining elements on the left and none on the right.
 *
 * What it shows: quadratic space, not just quadratic time.  Each parallel
 * pair's right branch, qsort (filter (fn x => x >= p) xs), holds on to its
 * level's input xs until it runs, and under depth-first scheduling it runs
 * only after the whole left branch has finished: one list per level of the
 * recursion is live at once, n + (n-1) + ... elements (paper Fig. 10(b),
 * 11, 12: the space is held by xs inside filter).  Compare with
 * quicksort_join.pml, which adds a join point and runs in linear space.
 *
 *   pml run examples/quicksort.pml -D n=32 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/quicksort.pml -D n=8:64:8 --sched=df -p 1 -o qs.csv --plot qs.svg
 *   pml dot examples/quicksort.pml -D n=8 --sched=df -p 1 -o qs.dot
 *
 * result: (number of elements, whether the output is sorted, a checksum of
 * the output in order). *)

datatype tree = Leaf of int list
              | Node of tree * tree

fun qsort [] = Leaf []
  | qsort [x] = Leaf [x]
  | qsort (p :: xs) =
      let
        val (l, r) = { qsort (filter (fn x => x < p) xs),
                       qsort (filter (fn x => x >= p) xs) }
      in
        Node (l, Node (Leaf [p], r))
      end

(* the elements of a tree in order, in front of acc *)
fun flatten (Leaf l, acc) = l @ acc
  | flatten (Node (a, b), acc) = flatten (a, flatten (b, acc))

fun sorted (x :: (rest as y :: _)) = x <= y andalso sorted rest
  | sorted _ = true

fun checksum l = foldl (fn (x, acc) => (acc * 31 + x) mod 1000003) 0 l

val n = param ("n", 32)
val input = List.tabulate (n, fn i => n - i)      (* n, n-1, ..., 1 *)
val output = flatten (qsort input, [])

val result = (List.length output, sorted output, checksum output)
