(* Tic-tac-toe: winner detection and a full minimax from a mid-game
   position, returning the best move and its score *)
datatype player = X | O
type board = player option list   (* 9 cells, row major *)

val lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

fun winner (b : board) =
    case List.find (fn [i, j, k] => List.nth (b, i) <> NONE andalso List.nth (b, i) = List.nth (b, j)
                                    andalso List.nth (b, j) = List.nth (b, k)
                     | _ => false) lines of
        SOME (i :: _) => List.nth (b, i)
      | _ => NONE

fun moves b = List.filter (fn i => List.nth (b, i) = NONE) (List.tabulate (9, fn i => i))
fun play (b, i, p) = List.tabulate (9, fn j => if j = i then SOME p else List.nth (b, j))
fun other X = O
  | other O = X

(* score from X's point of view: 1 win, 0 draw, ~1 loss *)
fun minimax (b, p) =
    case winner b of
        SOME X => (1, NONE)
      | SOME O => (~1, NONE)
      | NONE =>
          case moves b of
              [] => (0, NONE)
            | ms =>
                let val scored = map (fn m => (#1 (minimax (play (b, m, p), other p)), m)) ms
                    fun pick ((s, m), (bs, bm)) =
                        if (p = X andalso s > bs) orelse (p = O andalso s < bs) then (s, m) else (bs, bm)
                    val (s, m) = foldl pick (hd scored) (tl scored)
                in (s, SOME m) end

val b1 = [SOME X, SOME O, SOME X,
          NONE,   SOME O, NONE,
          NONE,   NONE,   NONE]
val b2 = [SOME X, SOME X, NONE,
          SOME O, SOME O, NONE,
          NONE,   NONE,   NONE]
val result = (minimax (b1, X), minimax (b2, X), minimax (b2, O), winner (play (b2, 2, X)))
