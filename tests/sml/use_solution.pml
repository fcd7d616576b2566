(* A test file as exercise tracks write them: it loads the solution with
 * use, then checks it case by case and prints a report. *)
use "use/rational.sml";

val tests = [
  ("add", toString (add (make (1, 2), make (1, 3))) = "5/6"),
  ("mul", toString (mul (make (2, 3), make (3, 4))) = "1/2"),
  ("normal", toString (make (4, ~8)) = "~1/2"),
  ("whole", toString (make (6, 3)) = "2"),
  ("infix", toString (make (1, 4) ++ make (3, 4)) = "1")
]

val _ = List.app (fn (name, ok) => print (name ^ ": " ^ (if ok then "ok" else "FAILED") ^ "\n")) tests

val result = List.length (List.filter #2 tests)
