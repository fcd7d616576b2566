(* Gaussian elimination with partial pivoting on reals (Paulson 3.10 style) *)
fun pivotRow [row] = row : real list
  | pivotRow (row :: rows) =
      let val row2 = pivotRow rows
      in if abs (hd row) >= abs (hd row2) then row else row2 end
  | pivotRow [] = raise Empty

(* rows are compared by their first two entries' order of appearance: delete the
   first row whose head is the pivot's head and whose length matches *)
fun delRow (p : real list, []) = []
  | delRow (p, row :: rows) =
      if List.length p = List.length row andalso ListPair.all (fn (a, b) => not (a < b orelse b < a)) (p, row)
      then rows else row :: delRow (p, rows)

fun scalarMult (k, row) = map (fn x => k * x) row : real list

fun rowSub ([], []) = []
  | rowSub (x :: xs, y :: ys) = (x - y : real) :: rowSub (xs, ys)
  | rowSub _ = raise Fail "rows"

fun gausselim [row] = [row]
  | gausselim rows =
      let val p = pivotRow rows
          fun elimCol [] = []
            | elimCol ((x :: xs) :: rows) = rowSub (xs, scalarMult (x / hd p, tl p)) :: elimCol rows
            | elimCol ([] :: _) = raise Empty
      in p :: gausselim (elimCol (delRow (p, rows))) end

fun solutions [] = [~1.0]
  | solutions ((x :: xs) :: rows) =
      let val solns = solutions rows
          fun dot ([], _) = 0.0
            | dot (_, []) = 0.0
            | dot (a :: al, b :: bl) = a * b + dot (al, bl)
      in ~ (dot (xs, solns)) / x :: solns end
  | solutions ([] :: _) = raise Empty

val sys = [[2.0, 1.0, ~1.0, 8.0], [~3.0, ~1.0, 2.0, ~11.0], [~2.0, 1.0, 2.0, ~3.0]]
val sol = solutions (gausselim sys)
val result = (map (fn r => Real.round (r * 1000.0)) sol, List.length (gausselim sys))
