val f = fn [] => 0 | (x, y) => 1
val result = 0
