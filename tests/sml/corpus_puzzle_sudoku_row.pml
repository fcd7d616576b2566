(* A 4x4 Sudoku solver by backtracking over a list of cells *)
fun get (g, r, c) = List.nth (List.nth (g, r), c)
fun set (g, r, c, v) =
  List.tabulate (4, fn i => if i <> r then List.nth (g, i)
                            else List.tabulate (4, fn j => if j = c then v else get (g, i, j)))

fun ok (g, r, c, v) =
  let val rowOk = List.all (fn j => get (g, r, j) <> v) [0, 1, 2, 3]
      val colOk = List.all (fn i => get (g, i, c) <> v) [0, 1, 2, 3]
      val br = r div 2 * 2 val bc = c div 2 * 2
      val boxOk = List.all (fn (i, j) => get (g, br + i, bc + j) <> v) [(0, 0), (0, 1), (1, 0), (1, 1)]
  in rowOk andalso colOk andalso boxOk end

exception NoSolution
fun solve (g, 16) = g
  | solve (g, k) =
      let val r = k div 4 val c = k mod 4
      in if get (g, r, c) <> 0 then solve (g, k + 1)
         else let fun try [] = raise NoSolution
                    | try (v :: vs) = (if ok (g, r, c, v) then solve (set (g, r, c, v), k + 1) else raise NoSolution)
                                      handle NoSolution => try vs
              in try [1, 2, 3, 4] end
      end

val puzzle = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
val result = (solve (puzzle, 0), (solve ([[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], 0); "solved")
                                 handle NoSolution => "none")
