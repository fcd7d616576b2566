(* Student records: averages as reals, letter grades, a class summary record *)
val students = [{name = "ana", marks = [78, 92, 85]}, {name = "ben", marks = [55, 61, 49]},
                {name = "cho", marks = [90, 95, 99]}, {name = "dev", marks = [70, 65, 80]}]

fun average l = real (foldl op+ 0 l) / real (List.length l)

fun letter avg = if avg >= 90.0 then #"A" else if avg >= 80.0 then #"B"
                 else if avg >= 70.0 then #"C" else if avg >= 60.0 then #"D" else #"F"

fun report {name, marks} =
    let val avg = average marks
    in {name = name, avg = Real.round (avg * 10.0), grade = letter avg} end

val reports = map report students
val best = foldl (fn (r, b) => if #avg r > #avg b then r else b) (hd reports) reports
val summary = {top = #name best, passed = List.length (List.filter (fn r => #grade r <> #"F") reports),
               total = List.length reports}
val result = (reports, summary)
