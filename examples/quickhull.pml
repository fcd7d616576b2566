(* quickhull.pml — the convex hull of points in the plane (paper §6.1).
 *
 * Quickhull: split the points by the line through the leftmost and the
 * rightmost point; for each side, find the point farthest from the line,
 * keep the points outside the two new edges, and recurse.  Each split
 * filters the two sides as one parallel pair, then (after a join) the two
 * recursive calls form another.  The input is the worst case: n points on
 * a circle, so every point is on the hull.  (PML has no sin/cos; the points
 * come from the rational parametrization of the unit circle,
 * ((1 - t^2) / (1 + t^2), 2t / (1 + t^2)), for n values of t in [-2, 2).)
 *
 * What it shows: irregular parallelism that widens at each partition and
 * narrows at each join (paper Fig. 13).  Between a partition and its join
 * both the points being split and the halves already built are live.  In
 * the paper's measurements work stealing did worse than the other policies
 * here (a processor that steals one half of a partition holds the whole
 * point set plus half of the result, §6.1); compare the policies and the
 * "held by" lines as n and P grow.
 *
 *   pml run examples/quickhull.pml -D n=32 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/quickhull.pml -D n=8:128:8 --sched=df,bf,ws -p 2 -o qh.csv --plot qh.svg
 *
 * result: the number of hull points (n, as all points lie on the circle). *)

(* twice the signed area of the triangle a b p: positive when p lies to the
 * left of the line from a to b *)
fun cross ((ax, ay), (bx, by), (px, py)) =
  ((bx - ax) * (py - ay) - (by - ay) * (px - ax) : real)

(* the point of a non-empty list farthest to the left of the line a b *)
fun farthest (a, b, p :: ps) =
  foldl (fn (q, best) => if cross (a, b, q) > cross (a, b, best) then q else best) p ps

(* the hull points strictly to the left of the line from a to b, given the
 * points pts strictly to its left, in order from a to b (a, b excluded) *)
fun hull (a, b, []) = []
  | hull (a, b, pts) =
      let
        val c = farthest (a, b, pts)
        val (left, right) = { filter (fn p => cross (a, c, p) > 0.0) pts,
                              filter (fn p => cross (c, b, p) > 0.0) pts }
        val (h1, h2) = { hull (a, c, left), hull (c, b, right) }
      in
        h1 @ (c :: h2)
      end

fun quickhull [] = []
  | quickhull [p] = [p]
  | quickhull (pts as p0 :: _) =
      let
        val l = foldl (fn (p as (x, _), m as (mx, _)) => if x < mx then p else m) p0 pts
        val r = foldl (fn (p as (x, _), m as (mx, _)) => if x > mx then p else m) p0 pts
        val (above, below) = { filter (fn p => cross (l, r, p) > 0.0) pts,
                               filter (fn p => cross (r, l, p) > 0.0) pts }
        val (h1, h2) = { hull (l, r, above), hull (r, l, below) }
      in
        l :: h1 @ (r :: h2)
      end

val n = param ("n", 32)

fun circlePoint i =
  let
    val t = 4.0 * real i / real n - 2.0
    val d = 1.0 + t * t
  in
    ((1.0 - t * t) / d, 2.0 * t / d)
  end

val points = List.tabulate (n, circlePoint)

val result = List.length (quickhull points)
