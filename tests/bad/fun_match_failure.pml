fun f 0 = 1
val result = f 5
