type point = int * int
val p : point = (1, "2")
val result = 0
