(* The test file of a CSV exercise: uses the solution module and checks
 * it against expected rows. *)
use "use/csv.sml";

val data = "id, name, score\n1, ada, 90\n2, alan ,85\n3,grace\n"
val rows = Csv.parse data

fun check name (got, want) =
  (print (name ^ (if got = want then ": ok\n" else ": FAILED\n")); got = want)

val ok = [
  check "rows" (List.length rows, 4),
  check "header" (hd rows, ["id", "name", "score"]),
  check "names" (Csv.column 1 rows, ["name", "ada", "alan", "grace"]),
  check "scores" (Csv.column 2 rows, ["score", "90", "85"]),
  check "empty field" (Csv.splitLine "a,,b", ["a", "", "b"])
]

val result = (List.all (fn b => b) ok, rows)
