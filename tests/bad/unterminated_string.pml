val a = 1
val s = "never closed
