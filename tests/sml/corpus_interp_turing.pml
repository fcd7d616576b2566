(* A Turing machine simulator: binary increment and a unary adder *)
datatype move = L | R | S
type rule = {state : string, read : char, write : char, move : move, next : string}

fun findRule (rules : rule list, st, c) = List.find (fn (r : rule) => #state r = st andalso #read r = c) rules

fun run (rules, tape, pos, st, steps) =
  if st = "halt" orelse steps > 1000 then (implode tape, steps)
  else
    let val tape = if pos < 0 then #"_" :: tape else if pos >= List.length tape then tape @ [#"_"] else tape
        val pos = if pos < 0 then 0 else pos
        val c = List.nth (tape, pos)
    in case findRule (rules, st, c) of
           NONE => (implode tape, steps)
         | SOME r =>
             let val tape' = List.take (tape, pos) @ [#write r] @ List.drop (tape, pos + 1)
                 val pos' = case #move r of L => pos - 1 | R => pos + 1 | S => pos
             in run (rules, tape', pos', #next r, steps + 1) end
    end

fun rl (s, r, w, m, n) = {state = s, read = r, write = w, move = m, next = n}
val incr = [rl ("right", #"0", #"0", R, "right"), rl ("right", #"1", #"1", R, "right"),
            rl ("right", #"_", #"_", L, "carry"), rl ("carry", #"1", #"0", L, "carry"),
            rl ("carry", #"0", #"1", S, "halt"), rl ("carry", #"_", #"1", S, "halt")]
val add = [rl ("a", #"1", #"1", R, "a"), rl ("a", #"+", #"1", R, "b"), rl ("b", #"1", #"1", R, "b"),
           rl ("b", #"_", #"_", L, "c"), rl ("c", #"1", #"_", S, "halt")]
fun trim s = implode (List.filter (fn c => c <> #"_") (explode s))
val result = (map (fn t => trim (#1 (run (incr, explode t, 0, "right", 0)))) ["1011", "111", "0"],
              run (add, explode "111+11", 0, "a", 0))
