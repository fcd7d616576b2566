fun add x y = x + y
val inc = add 1
val result = (inc 2, inc 3)
