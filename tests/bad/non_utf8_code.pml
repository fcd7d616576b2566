val x = 1
val y = ÿ
