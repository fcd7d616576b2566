fun firsts l = map (fn (a, _) => a) l
val result = (firsts [(1, "a")], firsts [("x", 2)])
