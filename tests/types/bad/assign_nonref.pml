val x = 3
val _ = x := 4
val result = 0
