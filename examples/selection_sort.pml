(* selection_sort.pml — selection sort with a parallel minimum.
 *
 * The data is a vector.  Each round finds the position of the smallest
 * element with reducei (the two halves of every range searched as a
 * parallel pair), moves it to the output list, and builds the vector of
 * the remaining elements with tabulate (also in parallel).  The rounds
 * themselves are sequential: n rounds, each of logarithmic span.
 *
 * What it shows: a sequence of short parallel phases separated by joins.
 * Each round's old vector dies when the new one is built, so space stays
 * linear under every policy; the schedulers differ only within a round
 * (breadth-first holds more partial results of the reduction at once).
 * The last round tabulates an empty vector: the prelude's tabulate does not
 * call its function for n = 0 (Figure 1's would, and sub would fail).
 *
 *   pml run examples/selection_sort.pml -D n=24 --sched=df,bf,ws -p 1,2,4
 *
 * result: (number of elements, whether the output is sorted, a checksum of
 * the output in order). *)

fun randoms (0, _) = []
  | randoms (k, x) =
      let val x' = (x * 1101 + 12345) mod 32768
      in x' mod 1000 :: randoms (k - 1, x') end

(* the smaller of two (index, element) pairs; the left one on ties *)
fun smaller (p as (_, a), q as (_, b)) = if b < a then q else p

fun selectionSort v =
  let
    fun loop (v, acc) =
      if length v = 0 then rev acc
      else
        let
          val (m, x) = reducei smaller (fn (i, x) => (i, x)) (0, sub (v, 0)) v
          val rest = tabulate (fn k => if k < m then sub (v, k) else sub (v, k + 1),
                               length v - 1)
        in
          loop (rest, x :: acc)
        end
  in
    loop (v, [])
  end

fun sorted (x :: (rest as y :: _)) = x <= y andalso sorted rest
  | sorted _ = true

fun checksum l = foldl (fn (x, acc) => (acc * 31 + x) mod 1000003) 0 l

val n = param ("n", 24)
val output = selectionSort (fromList (randoms (n, 1)))

val result = (List.length output, sorted output, checksum output)
