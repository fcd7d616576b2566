(* Records: an employee table, queries and a raise *)
type employee = {name : string, dept : string, salary : int, age : int}

val staff : employee list = [
  {name = "Ada", dept = "eng", salary = 120, age = 36},
  {name = "Brian", dept = "ops", salary = 80, age = 45},
  {name = "Cleo", dept = "eng", salary = 105, age = 29},
  {name = "Dev", dept = "sales", salary = 70, age = 31},
  {name = "Eve", dept = "ops", salary = 95, age = 52}]

fun inDept d = List.filter (fn (e : employee) => #dept e = d) staff
fun total es = foldl (fn (e : employee, s) => #salary e + s) 0 es
fun giveRaise pct ({name = name, dept = dept, salary = salary, age = age} : employee) =
  {name = name, dept = dept, salary = salary + salary * pct div 100, age = age}
fun oldest (e :: es) = foldl (fn (x : employee, y : employee) => if #age x > #age y then x else y) e es
  | oldest [] = raise Empty

val result = (map #name (inDept "eng"), total staff, total (map (giveRaise 10) staff),
              #name (oldest staff), giveRaise 5 (hd staff),
              map (fn {name, age, ...} : employee => (name, age)) (inDept "ops"))
