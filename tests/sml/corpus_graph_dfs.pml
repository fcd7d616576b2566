(* Graphs as edge lists: depth-first and breadth-first search, topological sort *)
val graph = [("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e"), ("c", "f"), ("f", "e"), ("g", "a")]

fun nexts (a, []) = []
  | nexts (a, (x, y) :: pairs) = if a = x then y :: nexts (a, pairs) else nexts (a, pairs)

fun mem (x, l) = List.exists (fn y => y = x) l

fun depthf ([], visited) = rev visited
  | depthf (x :: xs, visited) =
      if mem (x, visited) then depthf (xs, visited)
      else depthf (nexts (x, graph) @ xs, x :: visited)

fun breadthf ([], visited) = rev visited
  | breadthf (x :: xs, visited) =
      if mem (x, visited) then breadthf (xs, visited)
      else breadthf (xs @ nexts (x, graph), x :: visited)

fun topsort g =
  let fun sort ([], path, visited) = visited
        | sort (x :: xs, path, visited) =
            sort (xs, path, if mem (x, path) then raise Fail "cycle"
                            else if mem (x, visited) then visited
                            else x :: sort (nexts (x, g), x :: path, visited))
      val (starts, _) = ListPair.unzip g
  in sort (starts, [], []) end

val result = (depthf (["a"], []), breadthf (["a"], []), topsort graph,
              (topsort [("x", "y"), ("y", "x")]; "no cycle") handle Fail m => m)
