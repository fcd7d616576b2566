(* Reading key=value configuration lines with exceptions carrying the
   line number; handled errors are collected, not fatal *)
exception BadLine of int * string
exception MissingKey of string

fun parseLine (n, line) =
    case String.fields (fn c => c = #"=") line of
        [k, v] => (case Int.fromString v of
                       SOME i => (k, i)
                     | NONE => raise BadLine (n, "not a number: " ^ v))
      | _ => raise BadLine (n, "no single '='")

fun parseAll lines =
    let fun go (_, [], ok, errs) = (rev ok, rev errs)
          | go (n, l :: ls, ok, errs) =
              (go (n + 1, ls, parseLine (n, l) :: ok, errs)
               handle BadLine (k, msg) => go (n + 1, ls, ok, (k, msg) :: errs))
    in go (1, List.filter (fn l => l <> "" andalso String.sub (l, 0) <> #"#") lines, [], []) end

fun get (cfg, k) = case List.find (fn (k', _) => k' = k) cfg of
                       SOME (_, v) => v
                     | NONE => raise MissingKey k

val input = ["# settings", "width=80", "height=x24", "depth", "", "margin=4", "a=b=c"]
val (cfg, errs) = parseAll input
val area = (get (cfg, "width") * get (cfg, "height")) handle MissingKey k => ~1
val result = (cfg, errs, area, get (cfg, "margin"))
