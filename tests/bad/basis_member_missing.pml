val x = 3.14159
val result = Real.nextAfter (x, 1.0)
