val f = fn x x
