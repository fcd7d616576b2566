(* Topological sort of a course prerequisite graph by Kahn's algorithm,
   and cycle detection *)
val courses = ["intro", "data", "algo", "systems", "compilers", "theory", "ai"]
val prereqs = [("intro", "data"), ("data", "algo"), ("intro", "systems"),
               ("algo", "compilers"), ("systems", "compilers"), ("algo", "theory"),
               ("algo", "ai"), ("theory", "ai")]

exception Cycle of string list

fun indegree (edges, v) = List.length (List.filter (fn (_, b) => b = v) edges)

fun topo (nodes, edges) =
    let fun go ([], [], acc) = rev acc
          | go ([], rest, acc) = raise Cycle rest
          | go (v :: ready, rest, acc) =
              let val edges' = List.filter (fn (a, _) => a <> v) edges
                  val done = v :: acc
                  val (now, later) = List.partition
                      (fn w => List.all (fn (a, b) => b <> w orelse List.exists (fn d => d = a) done) edges)
                      rest
              in go (ready @ now, later, done) end
        val (start, rest) = List.partition (fn v => indegree (edges, v) = 0) nodes
    in go (start, rest, []) end

val order = topo (courses, prereqs)
fun position x = let fun p (_, []) = ~1 | p (i, y :: ys) = if x = y then i else p (i + 1, ys) in p (0, order) end
val respects = List.all (fn (a, b) => position a < position b) prereqs
val cyclic = (topo (["a", "b", "c"], [("a", "b"), ("b", "c"), ("c", "b")]); [])
             handle Cycle vs => vs
val result = (order, respects, cyclic)
