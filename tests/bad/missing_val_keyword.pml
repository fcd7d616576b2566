val a = 1
val b = 2
c = 3
