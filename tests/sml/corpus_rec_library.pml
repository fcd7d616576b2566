(* A library catalogue of book records: queries, updates with functional
   record update by hand, and a report sorted by year *)
type book = {title : string, author : string, year : int, onLoan : bool}

val books : book list = [
  {title = "Dune", author = "Herbert", year = 1965, onLoan = false},
  {title = "Emma", author = "Austen", year = 1815, onLoan = true},
  {title = "Ulysses", author = "Joyce", year = 1922, onLoan = false},
  {title = "Beloved", author = "Morrison", year = 1987, onLoan = true},
  {title = "Persuasion", author = "Austen", year = 1817, onLoan = false}
]

fun byAuthor a = List.filter (fn (b : book) => #author b = a) books
fun available bs = map #title (List.filter (fn (b : book) => not (#onLoan b)) bs)

fun lend (t, bs : book list) =
    map (fn (b as {title, author, year, onLoan}) =>
            if title = t then {title = title, author = author, year = year, onLoan = true} else b) bs

fun insertBy f (x, []) = [x]
  | insertBy f (x, y :: ys) = if f x <= f y then x :: y :: ys else y :: insertBy f (x, ys)
fun sortBy f l = foldl (insertBy f) [] l

val oldest = hd (sortBy (fn (b : book) => #year b) books)
val result = (map #title (byAuthor "Austen"), available books, available (lend ("Dune", books)),
              #title oldest, map (fn {year, title, ...} : book => (year, title)) (sortBy #year books))
