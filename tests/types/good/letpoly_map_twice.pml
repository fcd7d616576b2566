val result = (map (fn x => x + 1) [1, 2], map (fn s => s ^ "x") ["a"], map not [true])
