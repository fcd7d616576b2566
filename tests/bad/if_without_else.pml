val x = if true then 1
val y = 2
