val r = {a = 1, b = 2}
val x = #c r
