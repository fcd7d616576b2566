val w = 0w5
val x = w + 1
