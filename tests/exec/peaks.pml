(* peaks.pml — a heap that rises and falls: each round builds a list of
 * n ints, sums it and lets it go, so the live heap peaks once a round
 * and falls back to almost nothing between.  Where the samples fall
 * decides which peak a measurement sees; the sampling's bound in model
 * words (docs/exec.md, "Error bound") says by how much the mark can be
 * missed. *)

val n = param ("n", 100)

fun build 0 acc = acc
  | build k acc = build (k - 1) (k :: acc)

fun sum [] s = s
  | sum (x :: xs) s = sum xs (s + x)

fun rounds 0 total = total
  | rounds r total = rounds (r - 1) (total + sum (build (n + r) []) 0)

val result = rounds 8 0
