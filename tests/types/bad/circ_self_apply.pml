val f = fn x => x x
val result = 0
