(* A turtle-graphics interpreter: commands with repeat blocks move a
   turtle on an integer grid; the visited cells are drawn as text *)
datatype cmd = Forward of int | Left | Right | PenUp | PenDown | Repeat of int * cmd list

type turtle = {x : int, y : int, dir : int, pen : bool}   (* dir: 0 E, 1 N, 2 W, 3 S *)

fun step ({x, y, dir, pen} : turtle) =
    case dir of
        0 => {x = x + 1, y = y, dir = dir, pen = pen}
      | 1 => {x = x, y = y + 1, dir = dir, pen = pen}
      | 2 => {x = x - 1, y = y, dir = dir, pen = pen}
      | _ => {x = x, y = y - 1, dir = dir, pen = pen}

fun run (t, [], cells) = (t, cells)
  | run (t as {x, y, dir, pen}, c :: cs, cells) =
      case c of
          Forward 0 => run (t, cs, cells)
        | Forward n => let val t' = step t
                           val cells' = if pen then (#x t', #y t') :: cells else cells
                       in run (t', Forward (n - 1) :: cs, cells') end
        | Left => run ({x = x, y = y, dir = (dir + 1) mod 4, pen = pen}, cs, cells)
        | Right => run ({x = x, y = y, dir = (dir + 3) mod 4, pen = pen}, cs, cells)
        | PenUp => run ({x = x, y = y, dir = dir, pen = false}, cs, cells)
        | PenDown => run ({x = x, y = y, dir = dir, pen = true}, cs, cells)
        | Repeat (0, _) => run (t, cs, cells)
        | Repeat (k, body) => let val (t', cells') = run (t, body, cells)
                              in run (t', Repeat (k - 1, body) :: cs, cells') end

fun draw (w, h, cells) =
    List.tabulate (h, fn r =>
        implode (List.tabulate (w, fn c =>
            if List.exists (fn (x, y) => x = c andalso y = h - 1 - r) cells then #"#" else #".")))

val square = [Repeat (4, [Forward 4, Left])]
val steps = [PenUp, Forward 6, PenDown, Repeat (3, [Forward 1, Left, Forward 1, Right])]
val (t1, c1) = run ({x = 0, y = 0, dir = 0, pen = true}, square @ steps, [(0, 0)])
val _ = List.app (fn l => print (l ^ "\n")) (draw (10, 5, c1))
val result = (t1, List.length c1)
