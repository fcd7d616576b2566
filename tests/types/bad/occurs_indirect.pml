fun f g = g g
val result = 0
