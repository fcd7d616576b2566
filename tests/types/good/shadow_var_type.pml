val x = 1
val x = "now a string"
val result = x ^ "!"
