val a = 1 + "a"
val b = 2
val c = "x" ^ 3
val result = b
