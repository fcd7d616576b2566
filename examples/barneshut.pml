(* barneshut.pml — one step of a 2-D Barnes-Hut n-body simulation
 * (paper §6.1, there in 3-D with an octree; here a quadtree).
 *
 * Bodies (x, y, mass) lie in the unit square.  The quadtree is built by
 * splitting a square's bodies into its four quadrants and building the
 * four subtrees in parallel (nested parallel pairs); each cell records its
 * total mass and centre of mass.  The force on each body is computed in
 * parallel over the vector of bodies (mapv), and each force itself is a
 * parallel walk of the tree: a cell far enough away (side / distance <
 * theta) acts as a single body, otherwise its four quadrants are visited
 * in parallel.  Finally every body moves by dt * force (starting at rest).
 *
 * What it shows: very wide parallelism with a lot of sequential work per
 * task and large intermediate results (the tree is shared read-only by all
 * force computations).  Like matrix multiplication, breadth-first
 * scheduling starts too many force computations at once and holds their
 * partial results; depth-first and work stealing keep space near the size
 * of the tree and the bodies.
 *
 *   pml run examples/barneshut.pml -D n=32 --sched=df,bf,ws -p 1,2,4
 *   pml sweep examples/barneshut.pml -D n=8:64:8 --sched=df,bf,ws -p 4 -o bh.csv --plot bh.svg
 *
 * result: a checksum, the sum of x + y over the bodies after the step. *)

datatype tree = Empty
              | Body of real * real * real
                (* x, y, mass *)
              | Cell of real * real * real * real * tree * tree * tree * tree
                (* centre of mass x, y, total mass, side; quadrants
                   south-west, south-east, north-west, north-east *)

val theta = 0.5        (* opening criterion *)
val eps2 = 0.0001      (* softening: squared distance added to every pair *)
val dt = 0.001         (* time step *)
val maxDepth = 20      (* bodies closer than 2^-20 are merged *)

(* pseudo-random bodies: x, y in [0, 1), mass in {1, 2, 3, 4} *)
fun bodies (0, _) = []
  | bodies (k, s) =
      let
        fun next x = (x * 1101 + 12345) mod 32768
        val s1 = next s
        val s2 = next s1
        val s3 = next s2
      in
        (real s1 / 32768.0, real s2 / 32768.0, 1.0 + real (s3 mod 4)) :: bodies (k - 1, s3)
      end

(* (centre of mass x, y, mass) of a tree *)
fun summary Empty = (0.0, 0.0, 0.0)
  | summary (Body b) = b
  | summary (Cell (x, y, m, _, _, _, _, _)) = (x, y, m)

(* all the bodies of a list merged into one *)
fun lump bs =
  let
    val (sx, sy, m) =
      foldl (fn ((x, y, w), (sx, sy, m)) => (sx + w * x, sy + w * y, m + w)) (0.0, 0.0, 0.0) bs
  in
    Body (sx / m, sy / m, m)
  end

(* the quadtree of the bodies bs, which lie in the square of side `side`
 * whose south-west corner is (x0, y0) *)
fun build (bs, x0, y0, side, depth) =
  case bs of
      [] => Empty
    | [b] => Body b
    | _ =>
        if depth = 0 then lump bs
        else
          let
            val h = side * 0.5
            val xm = x0 + h
            val ym = y0 + h
            fun quadrant (east, north) =
              filter (fn (x, y, _) => (x >= xm) = east andalso (y >= ym) = north) bs
            val ((sw, se), (nw, ne)) =
              { { build (quadrant (false, false), x0, y0, h, depth - 1),
                  build (quadrant (true, false), xm, y0, h, depth - 1) },
                { build (quadrant (false, true), x0, ym, h, depth - 1),
                  build (quadrant (true, true), xm, ym, h, depth - 1) } }
            val parts = map summary [sw, se, nw, ne]
            val m = foldl (fn ((_, _, w), a) => a + w) 0.0 parts
            val cx = foldl (fn ((x, _, w), a) => a + w * x) 0.0 parts / m
            val cy = foldl (fn ((_, y, w), a) => a + w * y) 0.0 parts / m
          in
            Cell (cx, cy, m, side, sw, se, nw, ne)
          end

(* the (softened) attraction of a mass m at (x, y) on a unit mass at (px, py);
 * zero for the body itself *)
fun pull (px, py, x, y, m) =
  let
    val dx = x - px
    val dy = y - py
    val r2 = dx * dx + dy * dy + eps2
    val f = m / (r2 * sqrt r2)
  in
    (f * dx, f * dy)
  end

fun add ((ax, ay), (bx, by)) = (ax + bx : real, ay + by : real)

(* the force of the bodies in tree t on the body at (px, py) *)
fun force (p as (px, py), t) =
  case t of
      Empty => (0.0, 0.0)
    | Body (x, y, m) => pull (px, py, x, y, m)
    | Cell (x, y, m, side, sw, se, nw, ne) =>
        let
          val dx = x - px
          val dy = y - py
        in
          if side * side < theta * theta * (dx * dx + dy * dy) then pull (px, py, x, y, m)
          else
            let
              val ((f1, f2), (f3, f4)) =
                { { force (p, sw), force (p, se) }, { force (p, nw), force (p, ne) } }
            in
              add (add (f1, f2), add (f3, f4))
            end
        end

val n = param ("n", 32)
val bs = fromList (bodies (n, 1))
val tree = build (toList bs, 0.0, 0.0, 1.0, maxDepth)

(* the forces on all bodies, in parallel *)
val forces = mapv (fn (x, y, m) => force ((x, y), tree)) bs

(* one step from rest: move each body by dt * its acceleration *)
val moved = tabulate (fn i =>
                        let
                          val (x, y, m) = sub (bs, i)
                          val (fx, fy) = sub (forces, i)
                        in
                          (x + dt * fx, y + dt * fy, m)
                        end,
                      n)

val result = reduce op+ 0.0 (mapv (fn (x, y, _) => x + y) moved)
