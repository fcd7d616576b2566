val SOME x = 3
val result = x
