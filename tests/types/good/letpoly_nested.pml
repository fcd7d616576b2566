val result = let fun pair x = (x, x) in let val p = pair 1 val q = pair "b" in (p, q) end end
