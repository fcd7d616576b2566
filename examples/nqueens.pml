(* nqueens.pml — all solutions of the n-queens problem (paper §6.1).
 *
 * A placement is a list of (row, column) pairs, one per queen placed so far
 * (rows 0, 1, ... in order).  For the next row, the n columns are tried in
 * parallel: the column range is split in two halves forming a parallel
 * pair, down to single columns; a safe column extends the placement and the
 * search continues from there.  The solutions are collected with @.
 *
 * What it shows: a wide, irregular search tree.  Breadth-first scheduling
 * explores many branches at once and keeps each branch's partial placement
 * alive, so its space grows faster with n than depth-first's or work
 * stealing's (paper Fig. 10(d), 14).
 *
 *   pml run examples/nqueens.pml -D n=6 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/nqueens.pml -D n=4:8 --sched=df,bf,ws -p 4 -o nq.csv --plot nq.svg
 *
 * result: the number of solutions (n = 6: 4, n = 8: 92). *)

val n = param ("n", 6)

(* can a queen go at (r, c), given the queens placed in other rows? *)
fun safe ((r, c), placed) =
  List.all (fn (r', c') => c <> c' andalso abs (r - r') <> abs (c - c')) placed

(* all complete placements extending placed, which fills rows 0 .. row-1 *)
fun search (row, placed) =
  if row = n then [placed]
  else tryColumns (row, placed, 0, n)

(* the solutions with the queen of this row in a column lo .. hi-1 *)
and tryColumns (row, placed, lo, hi) =
  if hi - lo = 1 then
    (if safe ((row, lo), placed) then search (row + 1, (row, lo) :: placed)
     else [])
  else
    let
      val mid = (lo + hi) div 2
      val (a, b) = { tryColumns (row, placed, lo, mid),
                     tryColumns (row, placed, mid, hi) }
    in
      a @ b
    end

val solutions = search (0, [])

val result = List.length solutions
