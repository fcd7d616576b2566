val fs = [fn x => x + 1, fn x => x * 2]
val result = map (fn f => f 10) fs
